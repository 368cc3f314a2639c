import { DinasRequestPage } from '~/features/dinas-request/dinas-request-page';

export default DinasRequestPage;
