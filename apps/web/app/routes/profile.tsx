import { ProfileLayout } from '~/features/profile/profile-layout';

export default ProfileLayout;
