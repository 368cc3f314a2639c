import { PrivacyPolicyPage } from '~/features/help-content/privacy-policy-page';
import { registerNamespace, useEnglishTexts } from '~/i18n/i18n';
import id from '~/locales/id/privacy.json';

// The English comes only when a visitor reads English.
registerNamespace('privacy', { id, en: () => import('~/locales/en/privacy.json') });

export default function PrivacyPolicyRoute() {
  useEnglishTexts('privacy');
  return <PrivacyPolicyPage />;
}
