import { DinasRequestPage } from '~/features/office-request/office-request-page';

export default DinasRequestPage;
