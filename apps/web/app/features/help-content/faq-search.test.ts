import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesTerms, searchTerms } from './faq-search';

describe('FAQ search folding', () => {
  it('ignores case and accents', () => {
    expect(foldForSearch('Sékolah DAPODIK')).toBe('sekolah dapodik');
    expect(searchTerms('  Kata   SANDÍ ')).toEqual(['kata', 'sandi']);
  });

  it('needs every word, in any order', () => {
    const haystack = foldForSearch('Bagaimana cara mengatur ulang kata sandi?');
    expect(matchesTerms(haystack, searchTerms('sandi kata'))).toBe(true);
    expect(matchesTerms(haystack, searchTerms('sandi dinas'))).toBe(false);
    expect(matchesTerms(haystack, [])).toBe(true);
  });
});
