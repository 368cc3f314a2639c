import { StudentRequestPage } from '~/features/school-admin/student-request-page';

export default StudentRequestPage;
