/**
 * How many journey files run at once, each on a server (and database) of its own: two, the
 * machine's cores. `JOURNEY_WORKERS=1` runs them one after another, as when a journey is
 * being debugged.
 */
export const JOURNEY_WORKERS = Math.max(1, Number(process.env.JOURNEY_WORKERS ?? 2));
