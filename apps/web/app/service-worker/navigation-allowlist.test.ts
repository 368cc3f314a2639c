import { WEB_ROUTES } from '@portal/contracts/web-routes';
import { describe, expect, it } from 'vitest';
import { navigationAllowlist } from '~/service-worker/navigation-allowlist';

const allowlist = navigationAllowlist(WEB_ROUTES);
// What Workbox's NavigationRoute tests: the path and the query of the navigation.
const servesShell = (pathAndQuery: string) => allowlist.some((rule) => rule.test(pathAndQuery));

describe('the service worker navigation allow-list', () => {
  it.each([
    '/',
    '/?features=accountCreation',
    '/profile',
    '/profile/',
    '/account/lookup/v2',
    '/konsol',
    '/konsol/pengajuan-dinas?status=approved&page=2',
    '/konsol/staf/12',
    '/konsol/undangan',
    '/admin',
    '/eligible/peserta-didik',
    '/account/deletion-report',
  ])('answers the app route %s with the app shell', (pathAndQuery) => {
    expect(servesShell(pathAndQuery)).toBe(true);
  });

  it.each([
    '/oidc/auth?client_id=portal-web&response_type=code',
    // The server's sign-in, callback, session and sign-out (the portal's own session).
    '/auth/login?returnTo=%2Fprofile',
    '/auth/login/callback?code=abc&state=def',
    '/auth/session',
    '/auth/logout',
    '/oidc/session/end',
    '/oidc/session/end/success',
    '/oidc/interaction/abc',
    // The provider's step pages are the server's; an old address of one is its redirect.
    '/auth/sign-in/Hk3-x_9',
    '/belajar-id/account-lookup/v1/lookup/ptk',
    '/dev/mailbox',
    '/dev/demo-identities',
    '/docs',
    '/docs/json',
    '/healthz',
    '/readyz',
    '/sw.js',
    '/auth/sign-in/a/b',
    '/profiles',
    '/profile/../oidc/auth',
    '/nowhere',
  ])('leaves %s to the network', (pathAndQuery) => {
    expect(servesShell(pathAndQuery)).toBe(false);
  });
});
