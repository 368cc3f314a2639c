import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { apiPrefix } from '@portal/contracts/brand';
import { PROFILE_PATHS } from '@portal/contracts/profile';
import { LOGIN_REFERENCE, WEB_AUTH_PATHS, WEB_SESSION } from '@portal/contracts/sign-in';
import { oidcModels } from '../db/schema';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import type { TestApp } from '../test-support/test-app';
import { createBrowser, postPassword, type Browser } from '../test-support/platform-sign-in';
import { webSessionCookies } from '../access/web-session-cookies';

// The portal's own session on the server (decision 0287): `/auth/login`, the callback, the
// cookie, the API called with it, the cross-site refusal, the refresh and the sign-out, through
// the app as a browser meets it.

const teacher = { email: FIXTURE.teacher.accounts[0]!, password: TEACHER_PASSWORD };
let t: TestApp;
let webOrigin: string;
let api: string;

beforeAll(async () => {
  ({ t } = await createSignInTestApp());
  webOrigin = t.config.oidc.webOrigin;
  api = apiPrefix(t.config.brand);
});
afterAll(async () => {
  await t?.close();
});

const browser = (): Browser => createBrowser(t.app, webOrigin);

const locationOf = (reply: LightMyRequestResponse): string => {
  const value = reply.headers.location;
  if (typeof value !== 'string') throw new Error(`no redirect: ${reply.statusCode}`);
  return value;
};

const setCookie = (reply: LightMyRequestResponse, name: string): string | undefined =>
  [reply.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${name}=`));

/** From the portal's `/auth/login` to the provider's answer at the callback, not yet followed. */
async function reachCallback(visitor: Browser, query = ''): Promise<string> {
  const login = await visitor.get(`/auth/login${query}`);
  expect(login.statusCode).toBe(303);
  const page = locationOf(await visitor.get(locationOf(login)));
  const uid = page.split('/').pop()!;
  const posted = await postPassword(visitor, t.config, uid, teacher);
  expect(posted.statusCode).toBe(200);
  let next = (posted.json() as { redirectTo: string }).redirectTo;
  for (let hop = 0; hop < 5 && !next.includes(WEB_AUTH_PATHS.loginCallback); hop += 1) {
    next = new URL(locationOf(await visitor.get(next)), next).href;
  }
  return next;
}

/** A whole portal sign-in: the browser then holds the session cookie. */
async function portalSignIn(visitor: Browser, query = ''): Promise<LightMyRequestResponse> {
  const callback = await reachCallback(visitor, query);
  const reply = await visitor.get(callback);
  expect(reply.statusCode).toBe(303);
  return reply;
}

const sessionRows = (sid?: string) =>
  t.database.db
    .select({ id: oidcModels.id, payload: oidcModels.payload })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, 'PortalSession'), sid ? eq(oidcModels.uid, sid) : undefined));

describe('/auth/login', () => {
  it('answers at once with the redirect to the provider: code, PKCE S256, state, the API', async () => {
    const visitor = browser();
    const reply = await visitor.get('/auth/login?returnTo=%2Fprofile&ref=pengajuan-akun');
    expect(reply.statusCode).toBe(303);
    const target = new URL(locationOf(reply));
    expect(target.href.startsWith(`${t.config.oidc.issuer}/auth?`)).toBe(true);
    const params = target.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('resource')).toBe(t.config.oidc.audience);
    expect(params.get('redirect_uri')).toBe(`${webOrigin}${WEB_AUTH_PATHS.loginCallback}`);
    // The verifier and the return path stay on the server.
    expect(target.href).not.toContain('%2Fprofile');
    expect(params.get('returnTo')).toBeNull();
    expect(params.get('prompt')).toBeNull();
    expect(reply.headers['cache-control']).toBe('no-store');

    const binding = setCookie(reply, WEB_SESSION.signInCookie)!;
    expect(binding).toMatch(/HttpOnly/);
    expect(binding).toMatch(/SameSite=Lax/);
    expect(binding).toMatch(/Path=\//);
    expect(setCookie(reply, LOGIN_REFERENCE.cookie)).toMatch(
      new RegExp(`^login_ref=pengajuan-akun;.*Max-Age=${LOGIN_REFERENCE.maxAgeSeconds}`),
    );
  });

  it('keeps the sign-in in progress out of PostgreSQL: an anonymous start writes no row', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(oidcModels);
    const reply = await browser().get('/auth/login');
    expect(reply.statusCode).toBe(303);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(oidcModels);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('limits the starts per address with a page to try again from, and counts each address alone', async () => {
    const start = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/auth/login', remoteAddress });
    const limit = 3 * t.config.limits.signInPerIpPerMinute;
    for (let i = 0; i < limit; i += 1) expect((await start('203.0.113.7')).statusCode).toBe(303);
    const refused = await start('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Layanan masuk sedang sibuk');
    expect(refused.body).toContain('href="/auth/login"');
    expect((await start('203.0.113.8')).statusCode).toBe(303);
  });

  it('asks the provider to sign in again for a step-up, and keeps the default login reference', async () => {
    const reply = await browser().get('/auth/login?reauth=1&ref=%3Cscript%3E');
    expect(new URL(locationOf(reply)).searchParams.get('prompt')).toBe('login');
    expect(setCookie(reply, LOGIN_REFERENCE.cookie)).toMatch(/^login_ref=user-profile;/);
  });
});

describe('the callback', () => {
  it('exchanges the code on the server and gives the browser only an HttpOnly session cookie', async () => {
    const visitor = browser();
    const reply = await portalSignIn(visitor, '?returnTo=%2Fprofile%3Ftab%3D1');
    expect(locationOf(reply)).toBe('/profile?tab=1');
    const cookie = setCookie(reply, WEB_SESSION.cookie)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
    // Plain-http loopback: a Secure cookie would not be kept there.
    expect(cookie).not.toMatch(/Secure/);
    const value = /^portal_session=([^;]+)/.exec(cookie)![1]!;
    expect(value).toMatch(/^[\w-]{43}$/);
    // No token anywhere the browser is given one.
    for (const line of [reply.headers['set-cookie'] ?? []].flat()) {
      expect(line).not.toMatch(/eyJ/);
    }
    expect(reply.body).toBe('');
    expect(setCookie(reply, WEB_SESSION.signInCookie)).toMatch(/Max-Age=0/);
    // The store keeps a digest of the cookie, never the value, and the tokens sealed.
    const rows = await sessionRows();
    expect(rows.some((row) => row.id === value)).toBe(false);
    expect(JSON.stringify(rows)).not.toMatch(/eyJ/);
  });

  it('returns only to a page of the web app', async () => {
    const reply = await portalSignIn(browser(), '?returnTo=%2F%2Fevil.example%2Fx');
    expect(locationOf(reply)).toBe('/');
  });

  it('refuses with a 400 page a callback with no state, an unknown state, or a used one', async () => {
    const visitor = browser();
    const callback = await reachCallback(visitor);
    const first = await visitor.get(callback);
    expect(first.statusCode).toBe(303);
    const again = await visitor.get(callback);
    const noState = await visitor.get(WEB_AUTH_PATHS.loginCallback);
    const unknown = await visitor.get(`${WEB_AUTH_PATHS.loginCallback}?code=x&state=nope`);
    for (const reply of [again, noState, unknown]) {
      expect(reply.statusCode).toBe(400);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.body).toContain('Proses masuk tidak dapat diselesaikan');
      expect(reply.body).toContain('href="/auth/login"');
      expect(setCookie(reply, WEB_SESSION.cookie)).toBeUndefined();
    }
  });

  it('refuses a callback opened in another browser than the one that signed in', async () => {
    const callback = await reachCallback(browser());
    const reply = await browser().get(callback);
    expect(reply.statusCode).toBe(400);
    expect(setCookie(reply, WEB_SESSION.cookie)).toBeUndefined();
  });

  it('refuses a provider error and a code that is not the one issued, never with a 5xx', async () => {
    const visitor = browser();
    const login = await visitor.get('/auth/login');
    const state = new URL(locationOf(login)).searchParams.get('state')!;
    const declined = await visitor.get(
      `${WEB_AUTH_PATHS.loginCallback}?error=access_denied&state=${state}`,
    );
    expect(declined.statusCode).toBe(400);

    const callback = new URL(await reachCallback(visitor));
    callback.searchParams.set('code', 'not-the-code');
    const forged = await visitor.get(`${callback.pathname}${callback.search}`);
    expect(forged.statusCode).toBe(400);
    expect(setCookie(forged, WEB_SESSION.cookie)).toBeUndefined();
  });
});

describe('the cookie session at the API', () => {
  it('tells the web who is signed in, without a token; nobody without the cookie', async () => {
    const visitor = browser();
    const anonymous = await visitor.get(WEB_SESSION.paths.session);
    expect(anonymous.json()).toEqual({ data: null });
    await portalSignIn(visitor);
    const reply = await visitor.get(WEB_SESSION.paths.session);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { data } = reply.json() as {
      data: { profile: Record<string, unknown>; expires_at: number };
    };
    expect(data.profile).toMatchObject({ email: teacher.email, name: FIXTURE.teacher.name });
    expect(data.profile['amr']).toEqual(['pwd']);
    expect(data.expires_at).toBeGreaterThan(Date.now() / 1000 + 3600);
    expect(reply.body).not.toMatch(/eyJ|token/);
  });

  it('answers an API call with the cookie as it would the bearer token; 401 without either', async () => {
    const visitor = browser();
    expect((await visitor.get(`${api}${PROFILE_PATHS.sessions}`)).statusCode).toBe(401);
    await portalSignIn(visitor);
    const reply = await visitor.get(`${api}${PROFILE_PATHS.sessions}`);
    expect(reply.statusCode).toBe(200);
    expect((reply.json() as { data: { sessions: { current: boolean }[] } }).data.sessions).toEqual(
      expect.arrayContaining([expect.objectContaining({ current: true })]),
    );
  });

  it('refuses a change sent with the cookie from another origin (403), and allows its own', async () => {
    const visitor = browser();
    await portalSignIn(visitor);
    const change = (headers: Record<string, string>) =>
      visitor.request({ method: 'POST', url: `${api}${PROFILE_PATHS.endOtherSessions}`, headers });
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of crossSite) {
      const refused = await change(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json()).toMatchObject({
        error: { id: 'cross_site_request', message: ERROR_MESSAGES.crossSite },
      });
    }
    expect((await change({ origin: webOrigin })).statusCode).toBe(200);
    expect((await change({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    // A read with the cookie needs no origin: SameSite keeps other sites' reads cookieless.
    expect((await visitor.get(`${api}${PROFILE_PATHS.sessions}`)).statusCode).toBe(200);
  });

  it('refreshes the access token on the server once it ends, and keeps the session', async () => {
    const visitor = browser();
    await portalSignIn(visitor);
    const [before] = await t.database.db
      .select({ id: oidcModels.id, payload: oidcModels.payload })
      .from(oidcModels)
      .where(eq(oidcModels.model, 'PortalSession'))
      .orderBy(sql`${oidcModels.expiresAt} DESC`)
      .limit(1);
    const stored = before!.payload as { sealedAccessToken: string; version: number };
    await t.database.db
      .update(oidcModels)
      .set({ payload: sql`jsonb_set(${oidcModels.payload}, '{accessExpiresAt}', '0')` })
      .where(and(eq(oidcModels.model, 'PortalSession'), eq(oidcModels.id, before!.id)));
    // Two calls at once: one refresh, since a refresh token is used once.
    const [one, two] = await Promise.all([
      visitor.get(`${api}${PROFILE_PATHS.sessions}`),
      visitor.get(`${api}${PROFILE_PATHS.sessions}`),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const [after] = await t.database.db
      .select({ payload: oidcModels.payload })
      .from(oidcModels)
      .where(and(eq(oidcModels.model, 'PortalSession'), eq(oidcModels.id, before!.id)));
    const refreshed = after!.payload as {
      sealedAccessToken: string;
      version: number;
      accessExpiresAt: number;
    };
    expect(refreshed.version).toBe(stored.version + 1);
    expect(refreshed.sealedAccessToken).not.toBe(stored.sealedAccessToken);
    expect(refreshed.accessExpiresAt).toBeGreaterThan(Date.now() / 1000);
    expect((await visitor.get(`${api}${PROFILE_PATHS.sessions}`)).statusCode).toBe(200);
  });
});

describe('sign-out at the portal', () => {
  it("ends the portal's session and the provider's, and clears the cookie", async () => {
    const visitor = browser();
    await portalSignIn(visitor);
    const { data } = (await visitor.get(WEB_SESSION.paths.session)).json() as {
      data: { profile: { sub: string } };
    };
    const providerSessions = async () =>
      (
        await t.database.db
          .select({ uid: oidcModels.uid })
          .from(oidcModels)
          .where(and(eq(oidcModels.model, 'Session'), eq(oidcModels.accountId, data.profile.sub)))
      ).length;
    const sessionsBefore = await providerSessions();

    const refused = await visitor.request({
      method: 'POST',
      url: WEB_SESSION.paths.logout,
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await visitor.get(WEB_SESSION.paths.session)).json()).not.toEqual({ data: null });

    const reply = await visitor.request({
      method: 'POST',
      url: WEB_SESSION.paths.logout,
      headers: { origin: webOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(reply.statusCode).toBe(303);
    expect(locationOf(reply)).toBe(`${WEB_AUTH_PATHS.logoutCallback}?signed-out=1`);
    expect(setCookie(reply, WEB_SESSION.cookie)).toMatch(/Max-Age=0/);
    expect(await providerSessions()).toBe(sessionsBefore - 1);
    expect((await visitor.get(WEB_SESSION.paths.session)).json()).toEqual({ data: null });
    expect((await visitor.get(`${api}${PROFILE_PATHS.sessions}`)).statusCode).toBe(401);
  });

  it("ends the portal's session when the provider's ends elsewhere", async () => {
    const visitor = browser();
    await portalSignIn(visitor);
    const other = browser();
    await portalSignIn(other);
    const ended = await other.request({
      method: 'POST',
      url: `${api}${PROFILE_PATHS.endOtherSessions}`,
      headers: { origin: webOrigin },
    });
    expect(ended.statusCode).toBe(200);
    expect((await visitor.get(WEB_SESSION.paths.session)).json()).toEqual({ data: null });
    expect((await visitor.get(`${api}${PROFILE_PATHS.sessions}`)).statusCode).toBe(401);
    expect((await other.get(`${api}${PROFILE_PATHS.sessions}`)).statusCode).toBe(200);
  });
});

describe('the cookies in production', () => {
  it('take the __Host- prefix and Secure on an https origin', () => {
    const cookies = webSessionCookies('https://akun.example.id');
    expect(cookies.session).toBe('__Host-portal_session');
    expect(cookies.signIn).toBe('__Host-portal_sign_in');
    expect(cookies.options(60)).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
    });
    expect(cookies.options(60)).not.toHaveProperty('domain');
  });
});
