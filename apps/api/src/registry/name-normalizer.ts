// Apostrophes join a word ("Nur'aini" is typed "Nuraini" as often as not); every other mark
// separates words, so "Al-Hikmah" and "Al Hikmah" meet on the same key.
const APOSTROPHES = /['’‘`´ʼ]/g;
const COMBINING_MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * The one normalisation that registry keys and lookups share: diacritics dropped, upper case,
 * apostrophes removed, any other run of punctuation or spaces folded to one space, trimmed.
 */
export function normalizeName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toUpperCase()
    .replace(APOSTROPHES, '')
    .replace(NOT_LETTER_OR_DIGIT, ' ')
    .trim();
}

/**
 * The key a person's name (or their mother's) is stored and looked up by: the normalised name
 * without its spaces, since people write "Nur Aini" and "Nuraini" for one name. Computed here
 * once, when the registry is loaded and when a lookup arrives; the SQL compares it as it is.
 */
export const personNameKey = (value: string): string => normalizeName(value).replaceAll(' ', '');
