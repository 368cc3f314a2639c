import { PlatformsPage } from '~/features/console/platforms';

export default PlatformsPage;
