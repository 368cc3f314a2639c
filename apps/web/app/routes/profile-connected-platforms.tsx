import { ConnectedPlatformsPage } from '~/features/profile/connected-platforms/connected-platforms-page';

export default ConnectedPlatformsPage;
