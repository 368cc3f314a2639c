/** Indonesia's three zones by their offset from UTC in minutes, as people name them. */
const INDONESIAN_ZONES: Record<number, string> = { 420: 'WIB', 480: 'WITA', 540: 'WIT' };

/**
 * A time of day in the visitor's language and time zone, with the zone, e.g. `14.05 WITA` in
 * Indonesian, `14:05 WITA` in English: a code's expiry read in Makassar must not look like Jakarta's.
 */
export function formatClock(epochMs: number, language: string): string {
  const date = new Date(epochMs);
  const locale = language === 'en' ? 'en-GB' : 'id-ID';
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  const zone =
    INDONESIAN_ZONES[-date.getTimezoneOffset()] ??
    new Intl.DateTimeFormat(locale, { timeZoneName: 'short' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${time} ${zone}` : time;
}
