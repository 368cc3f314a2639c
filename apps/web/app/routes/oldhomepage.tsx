import { OldHomepagePage } from '~/features/help-content/old-homepage-page';
import { registerNamespace, useEnglishTexts } from '~/i18n/i18n';
import id from '~/locales/id/oldhomepage.json';

// The English comes only when a visitor reads English.
registerNamespace('oldhomepage', { id, en: () => import('~/locales/en/oldhomepage.json') });

export default function OldHomepageRoute() {
  useEnglishTexts('oldhomepage');
  return <OldHomepagePage />;
}
