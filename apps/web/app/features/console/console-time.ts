/** A moment as the ministry reads it: Jakarta time (WIB), in the reader's language. */
export const formatWib = (iso: string, language: string) =>
  `${new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Jakarta',
  }).format(Date.parse(iso))} WIB`;
