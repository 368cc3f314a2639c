import { PrivacyPolicyPage } from '~/features/help-content/privacy-policy-page';
import { registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/privacy.json';
import id from '~/locales/id/privacy.json';

registerNamespace('privacy', { id, en });

export default PrivacyPolicyPage;
