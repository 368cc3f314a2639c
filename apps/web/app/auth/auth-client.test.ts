import { afterEach, describe, expect, it } from 'vitest';
import { safeReturnPath, saveLoginReference } from './auth-client';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('/eligible/peserta-didik?tab=2')).toBe('/eligible/peserta-didik?tab=2');
  });

  it('falls back to the home page for anything that could leave the site or loop', () => {
    for (const value of [
      null,
      undefined,
      '',
      'profile',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/auth/login',
      '/auth/login/callback',
    ]) {
      expect(safeReturnPath(value)).toBe('/');
    }
  });
});

describe('saveLoginReference', () => {
  afterEach(() => {
    document.cookie = 'login_ref=; Max-Age=0; Path=/';
  });

  it('stores the given reference, or the default one for anything else', () => {
    saveLoginReference('pengajuan-akun');
    expect(document.cookie).toContain('login_ref=pengajuan-akun');
    saveLoginReference('<script>');
    expect(document.cookie).toContain('login_ref=user-profile');
    saveLoginReference(null);
    expect(document.cookie).toContain('login_ref=user-profile');
  });
});
