import common from '~/locales/en/common.json';
import home from '~/locales/en/home.json';
import legacyHome from '~/locales/en/legacy-home.json';
import pages from '~/locales/en/pages.json';
import server from '~/locales/en/server.json';
import type { SERVER_NAMESPACE, ShellNamespace } from './namespaces';

/**
 * English texts of the app shell, loaded only when a visitor chooses English. `server` holds
 * the English of the API's errors (by id) and of the schemas' Indonesian messages (see
 * `~/i18n/server-messages`): there is no Indonesian twin, since Indonesian visitors read the
 * messages as the API sends them.
 */
export const englishCatalogue = {
  common,
  home,
  'legacy-home': legacyHome,
  pages,
  server,
} satisfies Record<ShellNamespace | typeof SERVER_NAMESPACE, Record<string, unknown>>;
