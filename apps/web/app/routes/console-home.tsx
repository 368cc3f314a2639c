import { ConsoleHomePage } from '~/features/console/console-home-page';

export default ConsoleHomePage;
