import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a page of this app with its query', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('/admin?x=1')).toBe('/admin?x=1');
    expect(safeReturnPath('/eligible/peserta-didik?tab=2')).toBe('/eligible/peserta-didik?tab=2');
    expect(safeReturnPath('/konsol?q=Budi%20Santoso')).toBe('/konsol?q=Budi%20Santoso');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('judges a page after decoding, as the router reads it', () => {
    expect(safeReturnPath('/%70rofile')).toBe('/%70rofile');
  });

  it('falls back to the home page for anything that could leave the site or loop', () => {
    for (const value of [
      null,
      undefined,
      '',
      'profile',
      '//evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example',
      'https://evil.example/',
      '/auth/login',
      '/auth/login/callback',
      '/auth/sign-in/abc',
    ]) {
      expect(safeReturnPath(value), String(value)).toBe('/');
    }
  });

  it('refuses what a browser reads as another site once it drops tabs and line breaks', () => {
    for (const value of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      '/ /evil.example',
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBe('/');
    }
  });

  it('refuses encoded variants of those', () => {
    for (const value of [
      '/%09/evil.example',
      '/%0A/evil.example',
      '/%0d/evil.example',
      '/%2Fevil.example',
      '/%2fevil.example',
      '%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/%252Fevil.example',
      '/%25252F%25252Fevil.example',
      'https%3A%2F%2Fevil.example',
      '/%E0%A4%A',
    ]) {
      expect(safeReturnPath(value), value).toBe('/');
    }
  });

  it('refuses a path the router does not know', () => {
    for (const value of ['/evil.example', '/profile/../../evil', '/nope?x=1', '/auth']) {
      expect(safeReturnPath(value), value).toBe('/');
    }
  });
});
