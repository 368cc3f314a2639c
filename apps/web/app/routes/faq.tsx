import { FaqPage } from '~/features/help-content/faq-page';
import { registerNamespace, useEnglishTexts } from '~/i18n/i18n';
import id from '~/locales/id/faq.json';

// The English comes only when a visitor reads English.
registerNamespace('faq', { id, en: () => import('~/locales/en/faq.json') });

export default function FaqRoute() {
  useEnglishTexts('faq');
  return <FaqPage />;
}
