/** Folds case and accents so `sekolah` finds `Sékolah` and `e-mail` finds `E-mail`. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('id');
}

/** Splits a query into folded words; every word must appear for a text to match. */
export function searchTerms(query: string): string[] {
  return foldForSearch(query)
    .split(/\s+/)
    .filter((term) => term !== '');
}

/** True when every term occurs in the haystack (which must already be folded). */
export function matchesTerms(foldedHaystack: string, terms: readonly string[]): boolean {
  return terms.every((term) => foldedHaystack.includes(term));
}
