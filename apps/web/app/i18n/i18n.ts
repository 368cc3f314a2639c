import i18next from 'i18next';
import { use } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { CATALOGUE_OPTIONS } from './catalogue-options';
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
  ...CATALOGUE_OPTIONS,
  // Prerendered HTML is Indonesian; a stored English choice is applied after hydration.
  lng: 'id',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: [...SHELL_NAMESPACES],
  resources: { id: shellTexts },
});

/** A namespace's English, as a module of its own that comes only when a visitor reads English. */
export type EnglishLoader = () => Promise<{ default: Catalogue }>;

const englishLoaders = new Map<OnDemandNamespace, EnglishLoader>();
const englishLoads = new Map<OnDemandNamespace, Promise<void>>();

/** Starts (once) loading a namespace's English and adds it to the catalogue when it arrives. */
function loadEnglish(namespace: OnDemandNamespace): Promise<void> {
  let load = englishLoads.get(namespace);
  const loader = englishLoaders.get(namespace);
  if (!load && loader) {
    load = loader().then((module) => {
      i18n.addResourceBundle('en', namespace, module.default, true, false);
    });
    englishLoads.set(namespace, load);
  }
  return load ?? Promise.resolve();
}

/**
 * Loads a language's shell texts, and the English of every namespace registered with a loader,
 * before switching to it; Indonesian is always bundled.
 */
export async function changeLanguage(language: Language): Promise<void> {
  if (language === 'en' && !i18n.hasResourceBundle('en', 'common')) {
    const { englishCatalogue } = await import('~/i18n/english-catalogue');
    for (const [namespace, texts] of Object.entries(englishCatalogue)) {
      i18n.addResourceBundle('en', namespace, texts, true, false);
    }
  }
  if (language === 'en') await Promise.all([...englishLoaders.keys()].map(loadEnglish));
  await i18n.changeLanguage(language);
}

/**
 * Adds a route's own namespace, so its text loads with that route and not with the home page.
 * The English may be a loader (`() => import('~/locales/en/<ns>.json')`): a page read in
 * Indonesian then does not carry its English; such a page calls `useEnglishTexts`.
 */
export function registerNamespace(
  namespace: OnDemandNamespace,
  catalogues: { id: Catalogue; en: Catalogue | EnglishLoader },
) {
  if (!i18n.hasResourceBundle('id', namespace)) {
    i18n.addResourceBundle('id', namespace, catalogues.id, true, false);
  }
  const { en } = catalogues;
  if (typeof en === 'function') {
    englishLoaders.set(namespace, en);
    if (i18n.language === 'en') void loadEnglish(namespace);
  } else if (!i18n.hasResourceBundle('en', namespace)) {
    i18n.addResourceBundle('en', namespace, en, true, false);
  }
}

/**
 * For a page whose English comes with a loader: while a visitor reading English waits for it
 * (a link followed in the app), the page suspends, so the router keeps the previous page on
 * screen rather than showing this one in Indonesian first.
 */
export function useEnglishTexts(namespace: OnDemandNamespace): void {
  const { i18n: instance } = useTranslation(namespace);
  if (instance.language === 'en' && !instance.hasResourceBundle('en', namespace)) {
    use(loadEnglish(namespace));
  }
}
