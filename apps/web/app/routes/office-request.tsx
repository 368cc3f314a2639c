import { OfficeRequestFormPage } from '~/features/office-request/office-request-page';

export default OfficeRequestFormPage;
