/** What time it is: `() => new Date()` in the service, a clock the test moves in tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const JAKARTA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' });

/** The calendar day (YYYY-MM-DD) in Jakarta: the days of notices are the ministry's days. */
export const jakartaDay = (date: Date): string => JAKARTA_DAY.format(date);

/** A day plus (or minus) whole days, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one Jakarta day to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
