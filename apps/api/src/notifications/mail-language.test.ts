import { describe, expect, it } from 'vitest';
import { mailLanguageOf } from './mail-language';

describe('the language of the messages a call causes', () => {
  it.each([
    ['en', 'en'],
    ['en-GB,en;q=0.9,id;q=0.8', 'en'],
    ['id;q=0.5, EN-us', 'en'],
    ['id', 'id'],
    ['id-ID,en;q=0.5', 'id'],
    ['fr', 'id'],
    ['en;q=0, fr', 'id'],
    ['', 'id'],
    [undefined, 'id'],
    [';;,,q=', 'id'],
  ])('%j gives %s', (header, language) => {
    expect(mailLanguageOf(header)).toBe(language);
  });
});
