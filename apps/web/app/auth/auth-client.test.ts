import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSignedIn, isSigningOut, signInPath, signOut, type SessionUser } from './auth-client';

const now = () => Math.floor(Date.now() / 1000);
const user = (expiresAt: number): SessionUser => ({
  profile: { sub: '7' },
  expires_at: expiresAt,
});

describe('signInPath', () => {
  it("is the server's /auth/login, with where to return and a step-up when asked", () => {
    expect(signInPath()).toBe('/auth/login');
    expect(signInPath({ returnTo: '/profile?tab=1' })).toBe(
      '/auth/login?returnTo=%2Fprofile%3Ftab%3D1',
    );
    expect(signInPath({ returnTo: '/admin', reauth: true })).toBe(
      '/auth/login?reauth=1&returnTo=%2Fadmin',
    );
  });
});

describe('isSignedIn', () => {
  it("holds until the portal's session ends", () => {
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn(user(now() + 60))).toBe(true);
    expect(isSignedIn(user(now() - 1))).toBe(false);
  });
});

describe('signOut', () => {
  afterEach(() => {
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });

  it('posts a form to /auth/logout, so the server ends both sessions', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    expect(isSigningOut()).toBe(false);
    signOut();
    expect(submit).toHaveBeenCalledTimes(1);
    const form = document.querySelector('form')!;
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname).toBe('/auth/logout');
    expect(isSigningOut()).toBe(true);
  });
});
