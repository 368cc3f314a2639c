import { LegacyHomePage } from '~/features/old-home/legacy-home-page';

export default LegacyHomePage;
