import { PlatformPage } from '~/features/console/platform-detail';

export default PlatformPage;
