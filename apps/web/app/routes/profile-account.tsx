import { AccountPage } from '~/features/profile/account-page';

export default AccountPage;
