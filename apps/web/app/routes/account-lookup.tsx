import { AccountLookupPage } from '~/features/account-lookup/account-lookup-page';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/account-lookup.json';
import id from '~/locales/id/account-lookup.json';

registerNamespace('account-lookup', { id, en });

export default AccountLookupPage;
