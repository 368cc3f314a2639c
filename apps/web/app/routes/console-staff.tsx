import { StaffPage } from '~/features/console/staff-list';

export default StaffPage;
