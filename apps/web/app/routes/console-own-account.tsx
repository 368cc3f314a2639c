import { OwnAccountPage } from '~/features/console/own-account-page';

export default OwnAccountPage;
