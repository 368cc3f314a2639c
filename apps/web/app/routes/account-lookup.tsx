import { AccountLookupPage } from '~/features/account-lookup/account-lookup-page';

export default AccountLookupPage;
