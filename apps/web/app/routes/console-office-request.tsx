import { OfficeRequestPage } from '~/features/console/office-requests';

export default OfficeRequestPage;
