import { AdminPortalPage } from '~/features/school-admin/admin-portal-page';

export default AdminPortalPage;
