import common from '~/locales/en/common.json';
import home from '~/locales/en/home.json';
import legacyHome from '~/locales/en/legacy-home.json';
import pages from '~/locales/en/pages.json';

/** English texts of the app shell, loaded only when a visitor chooses English. */
export const englishCatalogue = { common, home, 'legacy-home': legacyHome, pages };
