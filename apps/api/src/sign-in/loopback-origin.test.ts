import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_WEB_CLIENT_ID, WEB_AUTH_PATHS } from '@portal/contracts/sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';

// A developer opens the address the server's listen line prints (http://127.0.0.1:3000) while
// the web's origin is http://localhost:3000: the page moves to the configured origin, where the
// sign-in client is registered, instead of failing later with invalid_redirect_uri.

const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };

let development: TestApp;
let production: TestApp;
beforeAll(async () => {
  development = await createTestApp({ PORT: '3000' }, (config) => ({
    ...config,
    env: 'development',
  }));
  production = await createTestApp({ PORT: '3000' }, (config) => ({
    ...config,
    env: 'production',
  }));
});
afterAll(async () => {
  await development?.close();
  await production?.close();
});

const authorizationUrl = (origin: string) =>
  `/oidc/auth?${new URLSearchParams({
    client_id: PORTAL_WEB_CLIENT_ID,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${origin}${WEB_AUTH_PATHS.loginCallback}`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'state-of-the-test',
  }).toString()}`;

describe('a page opened on another loopback name in development', () => {
  it('moves to the configured origin, with its path and query', async () => {
    for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
      const reply = await development.app.inject({
        url: '/auth/login?returnTo=%2Fprofile',
        headers: { ...page, host },
      });
      expect(reply.statusCode, host).toBe(307);
      expect(reply.headers.location).toBe('http://localhost:3000/auth/login?returnTo=%2Fprofile');
    }
  });

  it('moves a page load without fetch metadata too, by what it accepts', async () => {
    const reply = await development.app.inject({
      url: '/',
      headers: { host: '127.0.0.1:3000', accept: 'text/html' },
    });
    expect(reply.statusCode).toBe(307);
    expect(reply.headers.location).toBe('http://localhost:3000/');
  });

  it('leaves the configured origin, script calls and other ports alone', async () => {
    const onOrigin = await development.app.inject({
      url: '/healthz',
      headers: { ...page, host: 'localhost:3000' },
    });
    expect(onOrigin.statusCode).toBe(200);
    const call = await development.app.inject({
      url: '/healthz',
      headers: { host: '127.0.0.1:3000', accept: 'application/json', 'sec-fetch-mode': 'cors' },
    });
    expect(call.statusCode).toBe(200);
    const otherPort = await development.app.inject({
      url: '/healthz',
      headers: { ...page, host: '127.0.0.1:4000' },
    });
    expect(otherPort.statusCode).toBe(200);
  });

  it('then signs in from the configured origin, whose redirect URI the client has', async () => {
    const reply = await development.app.inject({
      url: authorizationUrl('http://localhost:3000'),
      headers: { ...page, host: 'localhost:3000' },
    });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toMatch(/^http:\/\/localhost:3000\/oidc\/interaction\//);
  });
});

describe('in production', () => {
  it('moves nobody, and refuses a redirect URI on another loopback name', async () => {
    const moved = await production.app.inject({
      url: '/healthz',
      headers: { ...page, host: '127.0.0.1:3000' },
    });
    expect(moved.statusCode).toBe(200);
    const refused = await production.app.inject({
      url: authorizationUrl('http://127.0.0.1:3000'),
      headers: { ...page, host: 'localhost:3000' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('invalid_redirect_uri');
  });
});
