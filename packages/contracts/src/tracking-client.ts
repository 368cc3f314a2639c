// What the web's tracker needs on every page, without zod: the shell that every page loads
// imports this file, and the schemas of tracking.ts (with their rules' messages) would bring
// zod into it (about 30 kB gzip over the home page's budget, bench/README.md).

/** The fixed tracker name every request carries in `event_name` (SPEC §7). */
export const TRACKER_NAME = 'akun-portal-web';
/** The most events one request carries: the client flushes a queue kept while offline. */
export const TRACKING_MAX_BATCH = 50;

/** Path of the event-tracker endpoint under the API prefix. */
export const TRACKING_PATH = '/event-tracker/v1/events';
/**
 * Where the web reads the tracker's basic authorization at run time, so one build serves any
 * deployment's credentials (decision 0205).
 */
export const TRACKING_CLIENT_PATH = '/event-tracker/v1/client';
