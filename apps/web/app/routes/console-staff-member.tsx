import { StaffMemberPage } from '~/features/console/staff-member';

export default StaffMemberPage;
