import { DeletionReportPage } from '~/features/deletion-report/deletion-report-page';

export default DeletionReportPage;
