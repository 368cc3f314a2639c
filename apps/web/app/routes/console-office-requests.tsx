import { OfficeRequestsPage } from '~/features/console/office-requests';

export default OfficeRequestsPage;
