import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { brand, webConfig } from '~/config';
import idCommon from '~/locales/id/common.json';
import idHome from '~/locales/id/home.json';
import idLegacyHome from '~/locales/id/legacy-home.json';
import idPages from '~/locales/id/pages.json';
import { type OnDemandNamespace, SHELL_NAMESPACES, type ShellNamespace } from './namespaces';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'portal.language';

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.some((language) => language === value);

export const i18n = i18next.createInstance();

type Catalogue = Record<string, unknown>;

const shellTexts = {
  common: idCommon,
  home: idHome,
  'legacy-home': idLegacyHome,
  pages: idPages,
} satisfies Record<ShellNamespace, Catalogue>;

void i18n.use(initReactI18next).init({
  // Prerendered HTML is Indonesian; a stored English choice is applied after hydration.
  lng: 'id',
  fallbackLng: 'id',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: [...SHELL_NAMESPACES],
  resources: { id: shellTexts },
  initAsync: false,
  // Keys are nested objects and never name their namespace inline.
  keySeparator: '.',
  nsSeparator: false,
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

/** Loads a language's shell texts before switching to it; Indonesian is always bundled. */
export async function changeLanguage(language: Language): Promise<void> {
  if (language === 'en' && !i18n.hasResourceBundle('en', 'common')) {
    const { englishCatalogue } = await import('~/i18n/english-catalogue');
    for (const [namespace, texts] of Object.entries(englishCatalogue)) {
      i18n.addResourceBundle('en', namespace, texts, true, false);
    }
  }
  await i18n.changeLanguage(language);
}

/** Adds a route's own namespace, so its text loads with that route and not with the home page. */
export function registerNamespace(
  namespace: OnDemandNamespace,
  catalogues: Record<Language, Catalogue>,
) {
  for (const language of LANGUAGES) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, catalogues[language], true, false);
    }
  }
}
