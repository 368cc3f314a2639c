/** A time of day in the visitor's language, e.g. `14.05` in Indonesian, `14:05` in English. */
export function formatClock(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'id-ID', {
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(epochMs));
}
