import { AnnouncementsPage } from '~/features/console/announcements';

export default AnnouncementsPage;
