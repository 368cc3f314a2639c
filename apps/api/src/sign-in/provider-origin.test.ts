import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { setPassword } from '../test-support/sign-in-test-app';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  createBrowser,
  discoverClient,
  PROVIDER_ENDPOINTS,
  finishSignIn,
  interactionPath,
  postPassword,
  startSignIn,
  type Browser,
} from '../test-support/platform-sign-in';

// The provider in production, reached over plain HTTP as behind a proxy that ends TLS: its URLs
// and cookies follow the configured issuer, whatever the request's Host or a proxy says.

const PUBLIC_URL = 'https://akun.belajar.id';
const PASSWORD = 'Guru-Bandung-2026';
const teacher = { email: FIXTURE.teacher.accounts[0]!, password: PASSWORD };

const inProduction = (overrides: Record<string, string> = {}) =>
  createTestApp({ PUBLIC_URL, ...overrides }, (config) => ({ ...config, env: 'production' }));

let untrusting: TestApp;
let trusting: TestApp;
beforeAll(async () => {
  untrusting = await inProduction();
  trusting = await inProduction({ TRUST_PROXY: '127.0.0.1' });
  for (const t of [untrusting, trusting]) {
    await loadRegistryFixture(t.database);
    await setPassword(t, [teacher.email], PASSWORD);
  }
});
afterAll(async () => {
  await untrusting?.close();
  await trusting?.close();
});

const discovery = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ url: '/oidc/.well-known/openid-configuration', headers });

/** A browser that also keeps every Set-Cookie line it was answered, and sends `headers`. */
function recordingBrowser(t: TestApp, headers: Record<string, string> = {}) {
  const browser = createBrowser(t.app, t.config.oidc.issuer);
  const lines: string[] = [];
  const keep = (reply: LightMyRequestResponse) => {
    const set = reply.headers['set-cookie'];
    lines.push(...(Array.isArray(set) ? set : set === undefined ? [] : [set]));
    return reply;
  };
  const request: Browser['request'] = async (options) =>
    keep(
      await browser.request({
        ...options,
        headers: { ...(options.headers as Record<string, string> | undefined), ...headers },
      }),
    );
  const recording: Browser = {
    ...browser,
    request,
    get: (url) => request({ method: 'GET', url }),
  };
  return { browser: recording, lines };
}

async function signInCookies(t: TestApp, headers: Record<string, string> = {}) {
  const rp = await discoverClient(t.app, t.config);
  const { browser, lines } = recordingBrowser(t, headers);
  const started = await startSignIn(rp, t.config, browser);
  const posted = await postPassword(browser, t.config, started.uid, teacher);
  expect(posted.statusCode).toBe(200);
  const { redirectTo } = posted.json() as { redirectTo: string };
  const tokens = await finishSignIn(rp, t.config, browser, started, redirectTo);
  expect(tokens.access_token).toBeTruthy();
  return lines;
}

const cookieName = (line: string) => line.split('=', 1)[0];

describe('the provider in production', () => {
  it('publishes endpoints at the configured origin whatever the Host header says', async () => {
    const reply = await discovery(untrusting, { host: 'evil.example' });
    expect(reply.statusCode).toBe(200);
    const metadata = reply.json() as Record<string, string>;
    expect(metadata['issuer']).toBe(`${PUBLIC_URL}/oidc`);
    for (const endpoint of PROVIDER_ENDPOINTS)
      expect(metadata[endpoint]).toMatch(/^https:\/\/akun\.belajar\.id\/oidc\//);
    expect(reply.body).not.toContain('evil.example');
  });

  it('believes no forwarded host or scheme, even from a trusted proxy', async () => {
    const reply = await discovery(trusting, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    const metadata = reply.json() as Record<string, string>;
    for (const endpoint of PROVIDER_ENDPOINTS)
      expect(metadata[endpoint]).toMatch(/^https:\/\/akun\.belajar\.id\/oidc\//);
  });

  it('resumes the sign-in at the configured origin when the password comes with another Host', async () => {
    const rp = await discoverClient(untrusting.app, untrusting.config);
    const { browser, lines } = recordingBrowser(untrusting);
    const started = await startSignIn(rp, untrusting.config, browser);
    const cookie = lines.map((line) => line.split(';', 1)[0]).join('; ');
    const posted = await untrusting.app.inject({
      method: 'POST',
      url: interactionPath(untrusting.config, started.uid, 'login'),
      headers: { host: 'evil.example', cookie },
      payload: teacher,
    });
    expect(posted.statusCode).toBe(200);
    const { redirectTo } = posted.json() as { redirectTo: string };
    expect(redirectTo.startsWith(`${PUBLIC_URL}/oidc/`)).toBe(true);
  });

  it('sets every sign-in cookie Secure over a connection without TLS and no trusted proxy', async () => {
    const lines = await signInCookies(untrusting);
    const names = new Set(lines.map(cookieName));
    for (const name of ['_interaction', '_interaction.sig', '_session', '_session.sig'])
      expect(names).toContain(name);
    for (const line of lines) expect(line, cookieName(line)).toMatch(/;\s*secure/i);
  });

  it('sets them Secure when a trusted proxy says the scheme was http', async () => {
    const lines = await signInCookies(trusting, { 'x-forwarded-proto': 'http' });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line, cookieName(line)).toMatch(/;\s*secure/i);
  });
});
