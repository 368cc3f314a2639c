import { FeatureTogglesPage } from '~/features/console/feature-toggles';

export default FeatureTogglesPage;
