import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { DialogProvider } from '~/components/dialog-store';
import { brand, webConfig } from '~/config';
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

/**
 * A private i18next instance with the app's interpolation defaults, so these tests do not
 * depend on the shared `common` catalogue.
 */
export function createTestI18n(language: 'id' | 'en' = 'id') {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'id',
    resources: HELP_CONTENT_CATALOGUES,
    initAsync: false,
    returnNull: false,
    interpolation: {
      escapeValue: false,
      defaultVariables: {
        product: brand.productName,
        domain: webConfig.domain,
        ministry: brand.ministryName,
      },
    },
    react: { useSuspense: false },
  });
  return instance;
}

/** Renders a page with the providers the layout gives it: text, dialogs and a router. */
export function renderPage(page: ReactElement, { language = 'id', path = '/' } = {}) {
  const i18n = createTestI18n(language === 'en' ? 'en' : 'id');
  const result = render(
    <I18nextProvider i18n={i18n}>
      <DialogProvider>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </DialogProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}
