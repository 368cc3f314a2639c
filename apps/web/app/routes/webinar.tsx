import { WebinarPage } from '~/features/help-content/webinar-page';
import { registerNamespace, useEnglishTexts } from '~/i18n/i18n';
import id from '~/locales/id/webinar.json';

// The English comes only when a visitor reads English.
registerNamespace('webinar', { id, en: () => import('~/locales/en/webinar.json') });

export default function WebinarRoute() {
  useEnglishTexts('webinar');
  return <WebinarPage />;
}
