/**
 * Every translation namespace: one pair of files `locales/id/<ns>.json` and
 * `locales/en/<ns>.json` each (`server` has English only: Indonesian visitors read the API's own
 * words). `namespaces.test.ts` holds this list and the files to each other.
 */

/** Bundled with the app shell (Indonesian at start, English in `english-catalogue`). */
export const SHELL_NAMESPACES = ['common', 'home', 'legacy-home', 'pages'] as const;

/**
 * Loaded with the route, dialog or shared component that uses them, through
 * `registerNamespace`, so they never weigh on the home page's first load.
 */
export const ON_DEMAND_NAMESPACES = [
  'account-lookup',
  'connected-platforms',
  'console',
  'console-platforms',
  'deletion-report',
  'office-request',
  'faq',
  'forms',
  'oldhomepage',
  'password-reset',
  'privacy',
  'profile',
  'public-statistics',
  'resources',
  'school-admin',
  'sign-in',
  'sign-in-methods',
  'webinar',
] as const;

/** English of the API's errors and the schemas' messages (see `~/i18n/server-messages`). */
export const SERVER_NAMESPACE = 'server';

export type ShellNamespace = (typeof SHELL_NAMESPACES)[number];
export type OnDemandNamespace = (typeof ON_DEMAND_NAMESPACES)[number];
