import { StatisticsPage } from '~/features/console/statistics-dashboard';

export default StatisticsPage;
