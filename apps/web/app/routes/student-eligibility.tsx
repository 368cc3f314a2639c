import { StudentEligibilityPage } from '~/features/student-eligibility/student-eligibility-page';

export default StudentEligibilityPage;
