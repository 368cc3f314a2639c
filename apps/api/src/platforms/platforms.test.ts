import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import {
  SignJWT,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTED_PLATFORM_ROUTES,
  PLATFORM_MESSAGES,
  PLATFORM_ROUTES,
  platformPath,
  type PlatformCreateBody,
  type PlatformWithSecret,
} from '@portal/contracts/platforms';
import { END_SESSION_CONFIRM_PATH, WEB_AUTH_PATHS } from '@portal/contracts/sign-in';
import {
  auditEvents,
  learningAccounts,
  outboxMessages,
  platformClients,
  schoolMemberships,
} from '../db/schema';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import { staffAccessToken } from '../test-support/staff-sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  createBrowser,
  discoverClient,
  injectFetch,
  interactionPath,
  postPassword,
  interactionUidOf,
  signIn,
  type Browser,
} from '../test-support/platform-sign-in';
import { rowsOf } from '../db/rows-of';
import { JOB_ORIGIN_KEY } from '../jobs/job-queue';
import { runForRequest } from '../logging/request-id';
import { DELIVER_QUEUE } from '../notifications/outbox-jobs';

// The provider as the ministry's platforms meet it, through two relying parties
// written apart: openid-client (the confidential client_secret_basic platform), and raw HTTP
// with jose below (the public PKCE client and the private_key_jwt platform).

const api = '/belajar-id';
const teacher = { email: FIXTURE.teacher.accounts[0]!, password: TEACHER_PASSWORD };
const RP = 'http://rp.test';
const CALLBACK = `${RP}/callback`;
const ALL_SCOPES = 'openid profile email schools user_type';

let t: TestApp;
let portal: client.Configuration;
let admin: string;
let teacherAccountId: string;
let backchannel: Server;
let backchannelUri: string;
/** The logout tokens the platforms' back-channel endpoint received. */
const logoutTokens: string[] = [];
/** The request id each back-channel post carried (`x-request-id`). */
const logoutRequestIds: (string | undefined)[] = [];
let basic: { secret: string; rp: client.Configuration };
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let jwtKeys: { privateKey: PrivateKey; publicJwk: JWK };

const asAdmin = () => ({ authorization: `Bearer ${admin}` });
const browser = (): Browser => createBrowser(t.app, t.config.oidc.issuer);
const fetchApp = () => injectFetch(t.app);
const issuer = () => t.config.oidc.issuer;

function registration(clientId: string, extra: Partial<PlatformCreateBody> = {}) {
  return {
    clientId,
    name: `Platform ${clientId}`,
    contactName: 'Tim Platform',
    contactEmail: 'tim@platform.test',
    redirectUris: [CALLBACK],
    postLogoutRedirectUris: [`${RP}/signed-out`],
    scopes: ['openid', 'profile', 'email', 'schools', 'user_type', 'offline_access'],
    authMethod: 'client_secret_basic',
    ...extra,
  } satisfies PlatformCreateBody;
}

async function register(body: PlatformCreateBody): Promise<PlatformWithSecret> {
  const reply = await t.app.inject({
    method: 'POST',
    url: `${api}${PLATFORM_ROUTES.all}`,
    headers: asAdmin(),
    payload: body,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { data: PlatformWithSecret }).data;
}

const consolePost = (route: string, clientId: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `${api}${platformPath(route, clientId)}`,
    headers: asAdmin(),
    ...(payload ? { payload } : {}),
  });

function discoverPlatform(clientId: string, secret: string) {
  return client.discovery(
    new URL(issuer()),
    clientId,
    undefined,
    client.ClientSecretBasic(secret),
    {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: fetchApp(),
    },
  );
}

const locationOf = (reply: {
  headers: Record<string, unknown>;
  statusCode: number;
  body: string;
}) => {
  const value = reply.headers['location'];
  if (typeof value !== 'string') throw new Error(`no redirect: ${reply.statusCode} ${reply.body}`);
  return value;
};

type Arrival = { kind: 'callback'; url: URL } | { kind: 'page'; uid: string; url: string };

/** Follows the provider's redirects until the platform's callback or the web's sign-in page. */
async function follow(b: Browser, start: string): Promise<Arrival> {
  let next = start;
  for (let hop = 0; hop < 6; hop += 1) {
    if (next.startsWith(CALLBACK)) return { kind: 'callback', url: new URL(next) };
    const uid = interactionUidOf(t.config, next);
    if (uid) return { kind: 'page', uid, url: next };
    next = new URL(locationOf(await b.get(next)), next).href;
  }
  throw new Error(`lost at ${next}`);
}

const details = async (b: Browser, uid: string) => {
  const reply = await b.get(interactionPath(t.config, uid, 'details'));
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { prompt: string; consent: { scopes: string[] } | null };
};

async function consent(b: Browser, uid: string, decision: 'allow' | 'deny' = 'allow') {
  const reply = await b.request({
    method: 'POST',
    url: interactionPath(t.config, uid, 'consent'),
    payload: { decision },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { redirectTo: string }).redirectTo;
}

/**
 * A person's way through a platform's sign-in in a browser: the password when asked, the
 * consent page when shown (and what it showed), until the platform's callback.
 */
async function authorize(
  b: Browser,
  url: URL,
  { decision = 'allow' as 'allow' | 'deny' } = {},
): Promise<{ callback: URL; consentShown: string[] | null }> {
  let arrival = await follow(b, url.href);
  let consentShown: string[] | null = null;
  for (let step = 0; step < 3 && arrival.kind === 'page'; step += 1) {
    const shown = await details(b, arrival.uid);
    if (shown.prompt === 'login') {
      const posted = await postPassword(b, t.config, arrival.uid, teacher);
      expect(posted.statusCode, posted.body).toBe(200);
      arrival = await follow(b, (posted.json() as { redirectTo: string }).redirectTo);
    } else {
      consentShown = shown.consent?.scopes ?? null;
      arrival = await follow(b, await consent(b, arrival.uid, decision));
    }
  }
  if (arrival.kind !== 'callback') throw new Error('never reached the callback');
  return { callback: arrival.url, consentShown };
}

/** openid-client's authorization request: code, PKCE, state, nonce. */
async function openidClientRequest(rp: client.Configuration, scope = ALL_SCOPES) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: CALLBACK,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return {
    url,
    checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce },
  };
}

async function signInWithOpenidClient(rp: client.Configuration, b = browser()) {
  const request = await openidClientRequest(rp);
  const { callback, consentShown } = await authorize(b, request.url);
  const tokens = await client.authorizationCodeGrant(rp, callback, request.checks);
  return { tokens, consentShown, browser: b };
}

/** The portal's own access token for the teacher: the profile's API. */
async function portalToken() {
  return (await signIn(portal, t.config, browser(), teacher)).access_token;
}

const providerKeys = async () => {
  const reply = await fetchApp()(`${issuer()}/jwks`);
  return createLocalJWKSet((await reply.json()) as JSONWebKeySet);
};

beforeAll(async () => {
  ({ t, rp: portal } = await createSignInTestApp({
    BOT_CHECK: 'off',
    TOKEN_LIMIT_PER_CLIENT_PER_MINUTE: '60',
    TOKEN_REFUSALS_PER_ADDRESS_PER_MINUTE: '100',
  }));
  admin = await staffAccessToken(t, portal, `platform@${t.config.staffDomain}`, ['platform-admin']);
  const [row] = await t.database.db
    .select({ id: learningAccounts.id, personId: learningAccounts.personId })
    .from(learningAccounts)
    .where(eq(learningAccounts.email, teacher.email));
  teacherAccountId = String(row!.id);
  // A school the teacher left: never in the `schools` claim.
  await t.database.db
    .insert(schoolMemberships)
    .values({
      personId: row!.personId,
      npsn: FIXTURE.smp.npsn,
      role: 'operator',
      leftOn: '2025-06-30',
    })
    .onConflictDoNothing();

  // The platforms' back-channel logout endpoint: a real listener on the loopback.
  backchannel = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      if (token) logoutTokens.push(token);
      logoutRequestIds.push(request.headers['x-request-id'] as string | undefined);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => backchannel.listen(0, '127.0.0.1', resolve));
  backchannelUri = `http://127.0.0.1:${(backchannel.address() as AddressInfo).port}/backchannel`;

  const created = await register(
    registration('rapor-basic', { backchannelLogoutUri: backchannelUri }),
  );
  basic = { secret: created.secret!, rp: await discoverPlatform('rapor-basic', created.secret!) };
  const pair = await generateKeyPair('RS256', { extractable: true });
  jwtKeys = {
    privateKey: pair.privateKey,
    publicJwk: { ...(await exportJWK(pair.publicKey)), kid: 'k1' },
  };
  await register(
    registration('siplah-jwt', {
      authMethod: 'private_key_jwt',
      jwks: { keys: [jwtKeys.publicJwk as { kty: 'RSA'; kid: string }] },
    }),
  );
  await register(
    registration('arkas-public', { authMethod: 'none', scopes: ['openid', 'profile'] }),
  );
  await register(registration('merdeka-first', { firstParty: true }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => backchannel?.close(resolve));
});

describe('the console registers platforms', () => {
  it('shows a secret once, keeps its hash only, and audits the change without it', async () => {
    const listed = await t.app.inject({ url: `${api}${PLATFORM_ROUTES.all}`, headers: asAdmin() });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(basic.secret);
    const [row] = await t.database.db
      .select()
      .from(platformClients)
      .where(eq(platformClients.clientId, 'rapor-basic'));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.secretHash).not.toContain(basic.secret);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'platform'), eq(auditEvents.outcome, 'created')));
    expect(audited.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(audited)).not.toContain(basic.secret);
    expect(JSON.stringify(audited)).not.toContain('tim@platform.test');
  });

  it('refuses a taken id, a bad address and keys for a secret client in Indonesian', async () => {
    const again = await t.app.inject({
      method: 'POST',
      url: `${api}${PLATFORM_ROUTES.all}`,
      headers: asAdmin(),
      payload: registration('rapor-basic'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: PLATFORM_MESSAGES.clientIdTaken } });
    for (const payload of [
      registration('bad-uri', { redirectUris: ['rp.test/callback#x'] }),
      registration('bad-keys', { jwksUri: 'https://rp.test/jwks' }),
      registration('Bad Id'),
    ]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `${api}${PLATFORM_ROUTES.all}`,
        headers: asAdmin(),
        payload,
      });
      expect(reply.statusCode, reply.body).toBe(400);
    }
    const rows = await t.database.db
      .select({ id: platformClients.clientId })
      .from(platformClients)
      .where(sql`${platformClients.clientId} IN ('bad-uri', 'bad-keys')`);
    expect(rows).toEqual([]);
  });

  it('is for platform admins only', async () => {
    const reply = await t.app.inject({ url: `${api}${PLATFORM_ROUTES.all}` });
    expect(reply.statusCode).toBe(401);
  });
});

describe('registering a platform in production', () => {
  let production: TestApp;
  let productionAdmin: string;
  beforeAll(async () => {
    production = await createTestApp(
      { PUBLIC_URL: 'https://akun.belajar.id', BOT_CHECK: 'off' },
      (config) => ({
        ...config,
        env: 'production',
      }),
    );
    productionAdmin = await staffAccessToken(
      production,
      await discoverClient(production.app, production.config),
      `platform@${production.config.staffDomain}`,
      ['platform-admin'],
    );
  }, 120_000);
  afterAll(async () => {
    await production?.close();
  });

  const create = (clientId: string, extra: Partial<PlatformCreateBody>) =>
    production.app.inject({
      method: 'POST',
      url: `${api}${PLATFORM_ROUTES.all}`,
      headers: { authorization: `Bearer ${productionAdmin}` },
      payload: registration(clientId, { authMethod: 'client_secret_basic', ...extra }),
    });

  it('refuses redirect and logout addresses off the public Internet, each with its reason', async () => {
    const refused: [string, string][] = [
      ['http://rapor.sekolah.id/callback', PLATFORM_MESSAGES.httpsRequired],
      ['https://localhost/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://rapor.localhost/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://127.0.0.1/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://2130706433/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://0x7f.1/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://%6c%6fcalhost/callback', PLATFORM_MESSAGES.hostLookAlike],
      ['https://10.1.2.3/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://172.20.0.5/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://192.168.1.10/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://169.254.169.254/latest', PLATFORM_MESSAGES.hostNotPublic],
      ['https://100.64.0.1/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://[::1]/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://[fe80::1]/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://[fd12:3456::1]/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://[::ffff:127.0.0.1]/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://intranet/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://rapor.internal/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://rapor.local/callback', PLATFORM_MESSAGES.hostNotPublic],
      ['https://*.sekolah.id/callback', PLATFORM_MESSAGES.wildcardNotAllowed],
      ['https://rapor.sekolah.id/*', PLATFORM_MESSAGES.wildcardNotAllowed],
      ['https://guru:rahasia@rapor.sekolah.id/callback', PLATFORM_MESSAGES.userInfoNotAllowed],
      ['https://rapor.sekolah.id@evil.example.com/callback', PLATFORM_MESSAGES.userInfoNotAllowed],
      [
        'https://rapor.sekolah.id\\@evil.example.com/callback',
        PLATFORM_MESSAGES.backslashNotAllowed,
      ],
      ['https://rapor.sekolah.id\\callback', PLATFORM_MESSAGES.backslashNotAllowed],
      // `е` and `а` below are Cyrillic: the names pass for belajar.id and paypal.com.
      ['https://b\u0435lajar.id/callback', PLATFORM_MESSAGES.hostLookAlike],
      ['https://xn--blajar-3of.id/callback', PLATFORM_MESSAGES.hostLookAlike],
      ['https://\u0440\u0430\u0443\u0440\u0430l.com/callback', PLATFORM_MESSAGES.hostLookAlike],
      ['https://rapor.sekolah.id/callback#top', PLATFORM_MESSAGES.uriInvalid],
    ];
    for (const [index, [uri, message]] of refused.entries()) {
      for (const field of ['redirectUris', 'postLogoutRedirectUris'] as const) {
        const reply = await create(`tolak-${index}`, {
          redirectUris: field === 'redirectUris' ? [uri] : ['https://rapor.sekolah.id/callback'],
          postLogoutRedirectUris: field === 'postLogoutRedirectUris' ? [uri] : [],
        });
        expect(reply.statusCode, `${field} ${uri}: ${reply.body}`).toBe(400);
        expect(reply.json(), `${field} ${uri}`).toMatchObject({
          message,
          error: { code: 'VALIDATION_FAILED', id: 'validation_failed', message },
          errors: [{ field: `${field}.0`, message }],
        });
      }
    }
    const kept = await production.database.db
      .select({ id: platformClients.clientId })
      .from(platformClients);
    expect(kept).toEqual([]);
  });

  it('takes https addresses on public names, an international name in punycode', async () => {
    const reply = await create('rapor-publik', {
      redirectUris: ['https://rapor.sekolah.id/callback', 'https://m\u00fcller.de:8443/r?x=1'],
      postLogoutRedirectUris: ['https://rapor.sekolah.id/keluar'],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.client).toMatchObject({
      redirectUris: ['https://rapor.sekolah.id/callback', 'https://xn--mller-kva.de:8443/r?x=1'],
      postLogoutRedirectUris: ['https://rapor.sekolah.id/keluar'],
    });
    // An update is held to the same.
    const update = await production.app.inject({
      method: 'PUT',
      url: `${api}${platformPath(PLATFORM_ROUTES.one, 'rapor-publik')}`,
      headers: { authorization: `Bearer ${productionAdmin}` },
      payload: {
        ...registration('rapor-publik'),
        clientId: undefined,
        authMethod: 'client_secret_basic',
        redirectUris: ['https://localhost/callback'],
        postLogoutRedirectUris: [],
      },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().errors).toEqual([
      { field: 'redirectUris.0', message: PLATFORM_MESSAGES.hostNotPublic },
    ]);
  });

  it('leaves development its plain http and loopback addresses', async () => {
    const created = await register(
      registration('dev-lokal', {
        redirectUris: ['http://localhost:5173/callback', 'http://127.0.0.1:4000/cb'],
        postLogoutRedirectUris: ['http://localhost:5173/'],
      }),
    );
    expect(created.client.redirectUris).toEqual([
      'http://localhost:5173/callback',
      'http://127.0.0.1:4000/cb',
    ]);
  });
});

describe('a third-party platform with client_secret_basic (openid-client)', () => {
  it('asks consent, then releases the agreed claims: current schools only, user type, no portal roles', async () => {
    const { tokens, consentShown } = await signInWithOpenidClient(basic.rp);
    expect(consentShown).toEqual([
      'openid',
      'profile',
      'email',
      'offline_access',
      'schools',
      'user_type',
    ]);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ sub: teacherAccountId, email: teacher.email, user_type: 'ptk' });
    // The sign-in's audit events name the platform.
    await t.app.services.audit.flush();
    const audited = await t.database.db
      .select({ action: auditEvents.action, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(eq(auditEvents.clientId, 'rapor-basic'));
    expect(audited).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'sign-in' }),
        { action: 'consent', outcome: 'granted' },
      ]),
    );
    expect(claims['roles']).toBeUndefined();
    const schools = claims['schools'] as { npsn: string; role: string }[];
    expect(schools).toContainEqual({ ...FIXTURE.sd, role: 'teacher' });
    // The school the teacher ran and left is not among them.
    expect(schools).not.toContainEqual(expect.objectContaining({ role: 'operator' }));
    // Its access token is for userinfo, never for the portal's API.
    const info = await client.fetchUserInfo(basic.rp, tokens.access_token, teacherAccountId);
    expect(info).toMatchObject({ email: teacher.email, user_type: 'ptk' });
    const refused = await t.app.inject({
      url: `${api}/profile/v1/me`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(refused.statusCode).toBe(401);
    // Offline access by registration: the refresh token rotates.
    const refreshed = await client.refreshTokenGrant(basic.rp, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()).toMatchObject({ sub: teacherAccountId });
  });

  it('remembers the consent from a fresh browser, until the person withdraws it on the profile', async () => {
    const { tokens, consentShown } = await signInWithOpenidClient(basic.rp, browser());
    expect(consentShown).toBeNull();

    const token = await portalToken();
    const listed = await t.app.inject({
      url: `${api}${CONNECTED_PLATFORM_ROUTES.list}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.statusCode).toBe(200);
    const items = (listed.json() as { data: { items: { clientId: string; scopes: string[] }[] } })
      .data.items;
    expect(items.find((item) => item.clientId === 'rapor-basic')?.scopes).toEqual(
      expect.arrayContaining(['profile', 'email', 'schools', 'user_type', 'offline_access']),
    );

    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `${api}${platformPath(CONNECTED_PLATFORM_ROUTES.withdraw, 'rapor-basic')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    await expect(client.refreshTokenGrant(basic.rp, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const again = await signInWithOpenidClient(basic.rp, browser());
    expect(again.consentShown).not.toBeNull();

    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `${api}${platformPath(CONNECTED_PLATFORM_ROUTES.withdraw, 'arkas-public')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('gets no sign-in when the person declines', async () => {
    await t.database.db.execute(
      sql`DELETE FROM platform_connections WHERE client_id = 'rapor-basic'`,
    );
    const request = await openidClientRequest(basic.rp);
    const { callback, consentShown } = await authorize(browser(), request.url, {
      decision: 'deny',
    });
    expect(consentShown).not.toBeNull();
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });
});

describe('a first-party platform', () => {
  it('asks no consent, and is listed among the connected platforms', async () => {
    const rp = await discoverPlatform(
      'merdeka-first',
      (await consolePost(PLATFORM_ROUTES.rotateSecret, 'merdeka-first', { overlapHours: 0 })).json()
        .data.secret as string,
    );
    const { tokens, consentShown } = await signInWithOpenidClient(rp);
    expect(consentShown).toBeNull();
    expect(tokens.claims()).toMatchObject({ sub: teacherAccountId });
    const listed = await t.app.inject({
      url: `${api}${CONNECTED_PLATFORM_ROUTES.list}`,
      headers: { authorization: `Bearer ${await portalToken()}` },
    });
    expect(listed.body).toContain('merdeka-first');
  });
});

/** Raw HTTP: the second relying party, with jose for its keys and the provider's. */
describe('a public client and a private_key_jwt platform (raw HTTP and jose)', () => {
  const verifier = 'a-verifier-of-enough-length-for-rfc-7636-made-of-plain-characters';
  const challenge = async () =>
    Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString(
      'base64url',
    );

  async function authorizationUrl(clientId: string, scope: string, redirectUri = CALLBACK) {
    const url = new URL(`${issuer()}/auth`);
    url.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope,
      state: 'raw-state',
      code_challenge: await challenge(),
      code_challenge_method: 'S256',
    }).toString();
    return url;
  }

  const tokenRequest = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetchApp()(`${issuer()}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    });

  const assertion = (clientId: string, key: PrivateKey = jwtKeys.privateKey) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(issuer())
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key);

  it('signs a public client in with PKCE alone, after consent', async () => {
    const { callback, consentShown } = await authorize(
      browser(),
      await authorizationUrl('arkas-public', 'openid profile'),
    );
    expect(consentShown).toEqual(['openid', 'profile']);
    const reply = await tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: CALLBACK,
      client_id: 'arkas-public',
      code_verifier: verifier,
    });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { id_token: string; refresh_token?: string };
    expect(body.refresh_token).toBeUndefined();
    const { payload } = await jwtVerify(body.id_token, await providerKeys(), {
      issuer: issuer(),
      audience: 'arkas-public',
    });
    expect(payload).toMatchObject({ sub: teacherAccountId, name: expect.any(String) });
    expect(payload['email']).toBeUndefined();
  });

  it('authenticates a platform by its signed JWT, and refuses one signed by another key', async () => {
    const { callback } = await authorize(
      browser(),
      await authorizationUrl('siplah-jwt', ALL_SCOPES),
    );
    const code = callback.searchParams.get('code')!;
    const other = await generateKeyPair('RS256');
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await assertion('siplah-jwt', other.privateKey),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const right = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await assertion('siplah-jwt'),
    });
    expect(right.status).toBe(200);
    const body = (await right.json()) as { id_token: string };
    const { payload } = await jwtVerify(body.id_token, await providerKeys(), {
      audience: 'siplah-jwt',
    });
    expect(payload).toMatchObject({ email: teacher.email, user_type: 'ptk' });
  });

  it('refuses a client assertion that lives longer than a few minutes', async () => {
    const now = Math.floor(Date.now() / 1000);
    const signed = (claims: { iat?: number; exp: number }) => {
      const jwt = new SignJWT(claims.iat === undefined ? {} : { iat: claims.iat })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer('siplah-jwt')
        .setSubject('siplah-jwt')
        .setAudience(issuer())
        .setJti(crypto.randomUUID())
        .setExpirationTime(claims.exp);
      return jwt.sign(jwtKeys.privateKey);
    };
    const withAssertion = async (assertion: string, code: string) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        code_verifier: verifier,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      });
    const { callback } = await authorize(
      browser(),
      await authorizationUrl('siplah-jwt', ALL_SCOPES),
    );
    const code = callback.searchParams.get('code')!;
    const YEAR = 365 * 24 * 3600;
    for (const claims of [
      { iat: now, exp: now + YEAR },
      { exp: now + YEAR },
      { iat: now - 10 * 60, exp: now + 60 },
      { exp: now + 6 * 60 },
    ]) {
      const reply = await withAssertion(await signed(claims), code);
      expect(reply.status, JSON.stringify(claims)).toBe(401);
      expect(await reply.json()).toMatchObject({ error: 'invalid_client' });
    }
    const right = await withAssertion(await signed({ iat: now, exp: now + 4 * 60 }), code);
    expect(right.status).toBe(200);
  });

  it('refuses a redirect URI that is not registered exactly, without redirecting to it', async () => {
    const reply = await browser().get(
      (await authorizationUrl('arkas-public', 'openid', `${CALLBACK}/other`)).href,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body).toContain('redirect_uri');
  });

  it('answers a scope the platform is not allowed with invalid_scope, and ignores an unknown one', async () => {
    const reply = await browser().get(
      (await authorizationUrl('arkas-public', 'openid email')).href,
    );
    const back = new URL(locationOf(reply));
    expect(back.href.startsWith(CALLBACK), back.href).toBe(true);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    // A scope nobody defines is ignored (OpenID Connect Core §3.1.2.1), never granted.
    const { callback, consentShown } = await authorize(
      browser(),
      await authorizationUrl('arkas-public', 'openid profile nip_pegawai'),
    );
    expect(consentShown).toBeNull();
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: CALLBACK,
      client_id: 'arkas-public',
      code_verifier: verifier,
    });
    expect(((await tokens.json()) as { scope: string }).scope).toBe('openid profile');
  });
});

describe('secrets and disabling', () => {
  /** Whether the token endpoint accepts the secret: a bad grant past a good client is 400. */
  async function secretAccepted(secret: string) {
    const reply = await fetchApp()(`${issuer()}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`rapor-basic:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'nope' }).toString(),
    });
    const body = (await reply.json()) as { error: string };
    if (reply.status === 401) {
      expect(body.error).toBe('invalid_client');
      return false;
    }
    expect(body.error).toBe('invalid_grant');
    return true;
  }

  it('keeps the old secret valid through the overlap only', async () => {
    const rotated = await consolePost(PLATFORM_ROUTES.rotateSecret, 'rapor-basic', {
      overlapHours: 2,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, client: shown } = (rotated.json() as { data: PlatformWithSecret }).data;
    expect(shown.previousSecretValidUntil).not.toBeNull();
    expect(await secretAccepted(secret!)).toBe(true);
    expect(await secretAccepted(basic.secret)).toBe(true);
    expect(await secretAccepted('not-the-secret')).toBe(false);
    // The overlap ends.
    await t.database.db
      .update(platformClients)
      .set({ previousSecretValidUntil: new Date(Date.now() - 1000) })
      .where(eq(platformClients.clientId, 'rapor-basic'));
    // Changed by hand, not through the console: the provider's kept copy goes too.
    t.app.services.platforms.forgetClient('rapor-basic');
    expect(await secretAccepted(basic.secret)).toBe(false);
    expect(await secretAccepted(secret!)).toBe(true);
    basic = { secret: secret!, rp: await discoverPlatform('rapor-basic', secret!) };
  });

  it('refuses a disabled platform at once, its tokens ended, until enabled again', async () => {
    const { tokens } = await signInWithOpenidClient(basic.rp);
    const disabled = await consolePost(PLATFORM_ROUTES.disable, 'rapor-basic');
    expect(disabled.statusCode).toBe(200);
    expect(await secretAccepted(basic.secret)).toBe(false);
    const request = await openidClientRequest(basic.rp);
    const page = await browser().get(request.url.href);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('invalid_client');
    const enabled = await consolePost(PLATFORM_ROUTES.enable, 'rapor-basic');
    expect(enabled.statusCode).toBe(200);
    await expect(client.refreshTokenGrant(basic.rp, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await secretAccepted(basic.secret)).toBe(true);
  });
});

describe('logout', () => {
  it("sends the platform a signed back-channel logout token with the session's sid when the person signs out at the portal", async () => {
    const { tokens, browser: b } = await signInWithOpenidClient(basic.rp);
    const sid = tokens.claims()!['sid'];
    expect(sid).toEqual(expect.any(String));
    // The same browser opens the portal (its session signs it in at once), then signs out
    // there (RP-initiated logout, every client of the session).
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const sso = await b.get(
      client.buildAuthorizationUrl(portal, {
        redirect_uri: `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.loginCallback}`,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      }).href,
    );
    const portalTokens = await client.authorizationCodeGrant(
      portal,
      new URL(locationOf(sso)),
      { pkceCodeVerifier: verifier, expectedState: state },
      { resource: t.config.oidc.audience },
    );
    const endUrl = client.buildEndSessionUrl(portal, {
      id_token_hint: portalTokens.id_token!,
      post_logout_redirect_uri: `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.logoutCallback}`,
    });
    const asked = await b.get(endUrl.href);
    // The provider's confirmation is a page with its form (sign-in-pages.ts).
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(asked.body)?.[1];
    expect(xsrf).toBeDefined();
    const ended = await b.request({
      method: 'POST',
      url: `${new URL(issuer()).pathname}${END_SESSION_CONFIRM_PATH}`,
      payload: `xsrf=${xsrf!}&logout=yes`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ended.statusCode).toBe(303);

    // Saved in the outbox, delivered by its job (called here as the worker calls it).
    const queued = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.channel, 'backchannel'), eq(outboxMessages.recipient, 'rapor-basic')),
      );
    expect(queued.length).toBeGreaterThan(0);
    // Each delivery job carries the id of the request that ended the session (through the
    // provider's own handler), and its worker runs it under that id.
    const carried = await rowsOf<{ requestId: string | null }>(
      t.database.db,
      sql`SELECT data->${JOB_ORIGIN_KEY}->>'requestId' AS "requestId" FROM pgboss.job
           WHERE name = ${DELIVER_QUEUE}
             AND (data->>'id')::bigint IN (${sql.join(
               queued.map((message) => sql`${message.id}`),
               sql`, `,
             )})`,
    );
    const endRequestId = carried[0]?.requestId ?? undefined;
    expect(endRequestId).toBeDefined();
    expect(carried.every((row) => row.requestId === endRequestId)).toBe(true);
    for (const message of queued)
      await runForRequest(endRequestId, () => t.app.services.outbox.deliver(message.id));
    await expect.poll(() => logoutTokens.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The platform's logs can name the portal's request that logged the person out.
    expect(logoutRequestIds.at(-1)).toBe(endRequestId);
    const { payload, protectedHeader } = await jwtVerify(
      logoutTokens.at(-1)!,
      await providerKeys(),
      {
        issuer: issuer(),
        audience: 'rapor-basic',
      },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: teacherAccountId,
      sid,
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    });
    expect(payload['nonce']).toBeUndefined();
    await expect(client.refreshTokenGrant(basic.rp, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it("sends the platform its back-channel logout when the person signs out with the portal's own session", async () => {
    const { tokens, browser: b } = await signInWithOpenidClient(basic.rp);
    const sid = tokens.claims()!['sid'];
    const backchannelMessages = () =>
      t.database.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.channel, 'backchannel'),
            eq(outboxMessages.recipient, 'rapor-basic'),
          ),
        );
    const before = new Set((await backchannelMessages()).map((message) => message.id));
    // The same browser opens the portal: the server's sign-in finds the provider's session.
    const login = await b.get('/auth/login');
    const answered = await b.get(locationOf(login));
    const signedIn = await b.get(locationOf(answered));
    expect(signedIn.statusCode).toBe(303);
    const out = await b.request({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: t.config.oidc.webOrigin },
    });
    expect(out.statusCode).toBe(303);
    const queued = (await backchannelMessages()).filter((message) => !before.has(message.id));
    expect(queued.length).toBe(1);
    const delivered = logoutTokens.length;
    for (const message of queued) await t.app.services.outbox.deliver(message.id);
    await expect.poll(() => logoutTokens.length, { timeout: 10_000 }).toBe(delivered + 1);
    const { payload } = await jwtVerify(logoutTokens.at(-1)!, await providerKeys(), {
      issuer: issuer(),
      audience: 'rapor-basic',
    });
    expect(payload).toMatchObject({ sub: teacherAccountId, sid });
    await expect(client.refreshTokenGrant(basic.rp, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('lets a platform end the session itself, back to its registered post-logout address', async () => {
    const { tokens, browser: b } = await signInWithOpenidClient(basic.rp);
    const endUrl = client.buildEndSessionUrl(basic.rp, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${RP}/signed-out`,
      state: 'bye',
    });
    const asked = await b.get(endUrl.href);
    // The provider's confirmation is a page with its form (sign-in-pages.ts).
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(asked.body)?.[1];
    const ended = await b.request({
      method: 'POST',
      url: `${new URL(issuer()).pathname}${END_SESSION_CONFIRM_PATH}`,
      payload: `xsrf=${xsrf!}&logout=yes`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // A page that opens the platform's address at once: the confirmation's form policy would
    // refuse a cross-origin redirect (provider-pages.ts).
    expect(ended.statusCode).toBe(200);
    const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(ended.body)?.[1];
    expect(refresh?.replaceAll('&amp;', '&')).toBe(`${RP}/signed-out?state=bye`);
    const unregistered = await b.get(
      client.buildEndSessionUrl(basic.rp, {
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: `${RP}/elsewhere`,
      }).href,
    );
    expect(unregistered.statusCode).toBe(400);
  });

  it("queues a back-channel logout for each platform when the person's sign-ins end all at once", async () => {
    const { tokens } = await signInWithOpenidClient(basic.rp);
    const before = await t.database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.channel, 'backchannel'));
    await t.database.db.transaction(async (tx) => {
      await t.app.services.endSignIns(tx, teacherAccountId);
    });
    const after = await t.database.db
      .select({ id: outboxMessages.id, body: outboxMessages.bodyText })
      .from(outboxMessages)
      .where(eq(outboxMessages.channel, 'backchannel'));
    expect(after.length).toBeGreaterThan(before.length);
    await expect(client.refreshTokenGrant(basic.rp, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('the token endpoint', () => {
  const FORGER = '198.51.100.7';
  const forged = () =>
    t.app.inject({
      method: 'POST',
      url: `${new URL(issuer()).pathname}/token`,
      remoteAddress: FORGER,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: new URL(issuer()).host,
      },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'nope',
        client_id: 'rapor-basic',
      }).toString(),
    });

  it("counts against a platform only what it asked authenticated: naming it without its secret counts against the caller's address", async () => {
    const { tokens } = await signInWithOpenidClient(basic.rp);
    const statuses: number[] = [];
    for (let i = 0; i < 110; i += 1) statuses.push((await forged()).statusCode);
    expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(100)).toEqual(Array<number>(10).fill(429));
    // The platform itself is answered as ever.
    const refreshed = await client.refreshTokenGrant(basic.rp, tokens.refresh_token!);
    expect(refreshed.access_token).toEqual(expect.any(String));
  });

  it("limits each client's granted requests per minute, apart from the other clients", async () => {
    const created = await register(registration('kuota-basic', { firstParty: true }));
    const rp = await discoverPlatform('kuota-basic', created.secret!);
    const { tokens } = await signInWithOpenidClient(rp);
    // The code's exchange was the first of the minute's 60.
    let refreshToken = tokens.refresh_token!;
    for (let i = 1; i < 60; i += 1)
      refreshToken = (await client.refreshTokenGrant(rp, refreshToken)).refresh_token!;
    const limited = await t.app.inject({
      method: 'POST',
      url: `${new URL(issuer()).pathname}/token`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: new URL(issuer()).host,
        authorization: `Basic ${Buffer.from(`kuota-basic:${created.secret!}`).toString('base64')}`,
      },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }).toString(),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // Another platform is not held back by this one.
    const other = await signInWithOpenidClient(basic.rp);
    await client.refreshTokenGrant(basic.rp, other.tokens.refresh_token!);
  });
});
