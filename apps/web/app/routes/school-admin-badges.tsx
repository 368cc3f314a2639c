import { BadgesPage } from '~/features/school-admin/badges-page';

export default BadgesPage;
