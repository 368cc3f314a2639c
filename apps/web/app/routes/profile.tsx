import { ProfilePage } from '~/features/profile/profile-page';

export default ProfilePage;
