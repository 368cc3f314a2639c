import type { ReactElement } from 'react';
import { changeLanguage, registerNamespace } from '~/i18n/i18n';
import enFaq from '~/locales/en/faq.json';
import enOldhomepage from '~/locales/en/oldhomepage.json';
import enPrivacy from '~/locales/en/privacy.json';
import enResources from '~/locales/en/resources.json';
import enWebinar from '~/locales/en/webinar.json';
import idFaq from '~/locales/id/faq.json';
import idOldhomepage from '~/locales/id/oldhomepage.json';
import idPrivacy from '~/locales/id/privacy.json';
import idResources from '~/locales/id/resources.json';
import idWebinar from '~/locales/id/webinar.json';
import { renderWithProviders } from '~/test-support/render-with-providers';

/** The catalogues this feature owns, by language and namespace. */
export const HELP_CONTENT_CATALOGUES = {
  id: {
    faq: idFaq,
    resources: idResources,
    webinar: idWebinar,
    privacy: idPrivacy,
    oldhomepage: idOldhomepage,
  },
  en: {
    faq: enFaq,
    resources: enResources,
    webinar: enWebinar,
    privacy: enPrivacy,
    oldhomepage: enOldhomepage,
  },
};
type HelpNamespace = keyof typeof HELP_CONTENT_CATALOGUES.id;

for (const namespace of Object.keys(HELP_CONTENT_CATALOGUES.id) as HelpNamespace[]) {
  registerNamespace(namespace, {
    id: HELP_CONTENT_CATALOGUES.id[namespace],
    en: HELP_CONTENT_CATALOGUES.en[namespace],
  });
}

/**
 * Renders a page with the providers the layout gives it: the app's own text instance in the
 * language asked for, dialogs and a router.
 */
export async function renderPage(page: ReactElement, { language = 'id', path = '/' } = {}) {
  await changeLanguage(language === 'en' ? 'en' : 'id');
  return renderWithProviders(page, { path, dialogs: true });
}
