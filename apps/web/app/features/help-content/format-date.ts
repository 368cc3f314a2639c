/** Formats a `YYYY-MM-DD` calendar date in the reader's language, e.g. `Kamis, 5 Agustus 2021`. */
export function formatLongDate(date: string, language: string, { weekday = false } = {}): string {
  // A date without a time is read as UTC midnight, so format in UTC to keep the same day.
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'id-ID', {
    ...(weekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
