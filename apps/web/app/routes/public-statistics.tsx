import { PublicStatisticsPage } from '~/features/public-statistics/public-statistics-page';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/public-statistics.json';
import id from '~/locales/id/public-statistics.json';

registerNamespace('public-statistics', { id, en });

export default PublicStatisticsPage;
