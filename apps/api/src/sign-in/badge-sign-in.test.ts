import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, importJWK, type JWK } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_SIGN_IN_MESSAGES } from '@portal/contracts/badge-sign-in';
import { PLATFORM_ROUTES, type PlatformWithSecret } from '@portal/contracts/platforms';
import { PROFILE_PATHS } from '@portal/contracts/profile';
import { ASSURANCE_LEVELS } from '@portal/contracts/sign-in';
import { SIGN_IN_METHODS_ROUTES } from '@portal/contracts/sign-in-methods';
import { auditEvents, badges, learningAccounts } from '../db/schema';
import { SHORT_CODE_LOCK } from '../badges/badge-credential';
import { SHORT_CODE_ALPHABET } from '../badges/badge-secrets';
import { addStudentWithAccount, makeBadgeForTest } from '../test-support/badges';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, setPassword } from '../test-support/sign-in-test-app';
import { staffAccessToken } from '../test-support/staff-sign-in';
import type { TestApp } from '../test-support/test-app';
import {
  createBrowser,
  injectFetch,
  interactionUidOf,
  signIn,
  startSignIn,
  type Browser,
} from '../test-support/platform-sign-in';
import { createSigningKeys } from './signing-keys';

// A student's printed badge at the provider's steps (decision 0296): only at a platform whose
// registration allows it, only for a student's account, after "Ini saya", with `amr` saying so;
// never at the portal's own client, and no token of it changes the account.

const API = '/belajar-id';
const SD = FIXTURE.sd.npsn;
const RP = 'http://rp.test';
const CALLBACK = `${RP}/callback`;
const STUDENT_PASSWORD = 'Siswa-Kartu-2026';

let t: TestApp;
let rp: client.Configuration;
let admin: string;
let address = 0;
// Each visitor from an address of its own: the limits per address are tested on their own.
const nextAddress = () => `10.49.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  ({ t, rp } = await createSignInTestApp({ SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '1000' }));
  admin = await staffAccessToken(t, rp, `badge.platform@${t.config.staffDomain}`, [
    'platform-admin',
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** A platform registered in the console without saying anything of badges. */
async function registerPlatformBody(clientId: string) {
  const registered = await t.app.inject({
    method: 'POST',
    url: `${API}${PLATFORM_ROUTES.all}`,
    headers: { authorization: `Bearer ${admin}` },
    payload: {
      clientId,
      name: `Platform ${clientId}`,
      contactName: 'Tim Platform',
      contactEmail: 'tim@platform.test',
      redirectUris: [CALLBACK],
      scopes: ['openid', 'profile'],
      authMethod: 'client_secret_basic',
    },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return (registered.json() as { data: PlatformWithSecret }).data.client;
}

/** A platform registered in the console, with or without badge sign-in, as its relying party. */
async function registerPlatform(clientId: string, badgeSignIn: boolean) {
  const registered = await t.app.inject({
    method: 'POST',
    url: `${API}${PLATFORM_ROUTES.all}`,
    headers: { authorization: `Bearer ${admin}` },
    payload: {
      clientId,
      name: `Platform ${clientId}`,
      contactName: 'Tim Platform',
      contactEmail: 'tim@platform.test',
      redirectUris: [CALLBACK],
      scopes: ['openid', 'profile', 'schools'],
      // First-party: no consent page between the badge and the platform in these tests.
      firstParty: true,
      badgeSignIn,
      authMethod: 'client_secret_basic',
    },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const { secret, client: registration } = (registered.json() as { data: PlatformWithSecret }).data;
  expect(registration.badgeSignIn).toBe(badgeSignIn);
  return client.discovery(
    new URL(t.config.oidc.issuer),
    clientId,
    undefined,
    client.ClientSecretBasic(secret!),
    { execute: [client.allowInsecureRequests], [client.customFetch]: injectFetch(t.app) },
  );
}

type Visitor = { browser: Browser; ip: string };
const visitor = (): Visitor => ({
  browser: createBrowser(t.app, t.config.oidc.issuer),
  ip: nextAddress(),
});

const open = (v: Visitor, url: string) =>
  v.browser.request({
    method: 'GET',
    url,
    remoteAddress: v.ip,
    headers: { accept: 'text/html' },
  });

const submit = (v: Visitor, url: string, fields: Record<string, string>) =>
  v.browser.request({
    method: 'POST',
    url,
    remoteAddress: v.ip,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      origin: new URL(t.config.oidc.issuer).origin,
      'sec-fetch-site': 'same-origin',
    },
  });

const headingOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const decode = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"');

/** An authorization request of a platform, and the interaction's uid it leads to. */
async function authorize(v: Visitor, platform: client.Configuration, extra = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(platform, {
    redirect_uri: CALLBACK,
    scope: 'openid profile schools',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  const answer = await open(v, url.href);
  return {
    verifier,
    state,
    answer,
    uid: interactionUidOf(t.config, String(answer.headers.location ?? '')),
  };
}

/** Follows the provider's redirects to the platform's callback; answers the callback's URL. */
async function toCallback(v: Visitor, from: string): Promise<URL> {
  let next = from;
  for (let hop = 0; hop < 5 && !next.startsWith(CALLBACK); hop += 1) {
    const reply = await open(v, next);
    const location = reply.headers.location;
    if (typeof location !== 'string') throw new Error(`stopped at ${next}: ${reply.statusCode}`);
    next = new URL(location, t.config.oidc.issuer).href;
  }
  return new URL(next);
}

const paths = (uid: string) => ({
  page: `/oidc/interaction/${uid}`,
  badge: `/oidc/interaction/${uid}/page/badge`,
  confirm: `/oidc/interaction/${uid}/page/badge-confirm`,
});

let serial = 0;
/** A student of the fixture's primary school with an account and a live badge. */
async function studentWithBadge(name = `Anak Kartu ${++serial}`) {
  const student = await addStudentWithAccount(t, SD, name, 3);
  const badge = await makeBadgeForTest(t, student.accountId, SD);
  return { ...student, name, badge };
}

let withBadges: client.Configuration;
let withoutBadges: client.Configuration;
beforeAll(async () => {
  withBadges = await registerPlatform('rapor-kartu', true);
  withoutBadges = await registerPlatform('rapor-tanpa-kartu', false);
});

describe('a platform whose registration allows badge sign-in', () => {
  it("signs a student in by the card's QR code after 'Ini saya', the tokens saying a badge was used", async () => {
    const child = await studentWithBadge('Sari Wulandari');
    const v = visitor();
    const started = await authorize(v, withBadges);
    const at = paths(started.uid!);

    const password = await open(v, at.page);
    expect(password.statusCode).toBe(200);
    expect(password.body).toContain(`href="${at.badge}"`);
    expect(password.body).toContain('Masuk dengan Kartu');

    const step = await open(v, at.badge);
    expect(step.statusCode).toBe(200);
    expect(headingOf(step.body)).toBe('Masuk dengan Kartu');
    // The camera's form and the typed short code's, both posting to the step.
    expect(step.body).toContain(`action="${at.badge}"`);
    expect(step.body).toContain('<label for="badge-npsn"');
    expect(step.body).toContain('<label for="badge-code"');
    expect(step.body).toMatch(/role="status"/);
    // The decoder is WebAssembly on this page only; the password page does not allow it.
    expect(step.headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
    expect(password.headers['content-security-policy']).not.toContain("'wasm-unsafe-eval'");

    const read = await submit(v, at.badge, { qr: child.badge.qrText });
    expect(read.statusCode, read.body).toBe(303);
    expect(read.headers.location).toBe(at.page);
    const confirm = await open(v, at.page);
    expect(headingOf(confirm.body)).toBe('Apakah ini kamu?');
    expect(decode(confirm.body)).toContain('Sari Wulandari');
    expect(decode(confirm.body)).toContain(FIXTURE.sd.name);
    expect(confirm.body).toContain('Kelas 3');
    expect(confirm.body).toMatch(/value="yes"[^>]*>Ini saya</);
    expect(confirm.body).toMatch(/value="no"[^>]*>Bukan saya</);

    const yes = await submit(v, at.confirm, { decision: 'yes' });
    expect(yes.statusCode).toBe(303);
    const callback = await toCallback(v, yes.headers.location!);
    const tokens = await client.authorizationCodeGrant(withBadges, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(String(child.accountId));
    expect(claims['amr']).toEqual(['badge']);
    expect(claims['acr']).toBe(ASSURANCE_LEVELS.aal1);
    await t.app.services.audit.flush();
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.outcome, 'signed-in-badge'));
    expect(audited.some((entry) => entry.clientId === 'rapor-kartu')).toBe(true);
  });

  it("signs in by the short code typed with the NPSN; a wrong code is the code field's error", async () => {
    const child = await studentWithBadge();
    const v = visitor();
    const started = await authorize(v, withBadges);
    const at = paths(started.uid!);
    const wrong = await submit(v, at.badge, { npsn: SD, code: 'ABCD-EFGH-JKMN' });
    expect(wrong.statusCode).toBe(401);
    expect(decode(wrong.body)).toContain(BADGE_SIGN_IN_MESSAGES.unknown);
    expect(wrong.body).toContain('href="#badge-code"');
    // The NPSN stays in its field.
    expect(wrong.body).toContain(`value="${SD}"`);
    const badNpsn = await submit(v, at.badge, { npsn: '123', code: child.badge.shortCode });
    expect(badNpsn.statusCode).toBe(400);
    expect(decode(badNpsn.body)).toContain(BADGE_SIGN_IN_MESSAGES.npsnFormat);

    // Typed as a child might: lower case, spaces for the dashes.
    const typed = child.badge.shortCode.toLowerCase().replaceAll('-', ' ');
    const right = await submit(v, at.badge, { npsn: SD, code: typed });
    expect(right.statusCode, right.body).toBe(303);
    const confirm = await open(v, at.page);
    expect(decode(confirm.body)).toContain(child.name);
    const yes = await submit(v, at.confirm, { decision: 'yes' });
    const callback = await toCallback(v, yes.headers.location!);
    const tokens = await client.authorizationCodeGrant(withBadges, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    expect(tokens.claims()!['amr']).toEqual(['badge']);
  });

  it('says to wait when wrong short codes locked the card, with the Retry-After header', async () => {
    const child = await studentWithBadge();
    const last = child.badge.shortCode.at(-1)!;
    const other =
      SHORT_CODE_ALPHABET[(SHORT_CODE_ALPHABET.indexOf(last) + 1) % SHORT_CODE_ALPHABET.length];
    const wrong = child.badge.shortCode.slice(0, -1) + other;
    const v = visitor();
    const { uid } = await authorize(v, withBadges);
    const at = paths(uid!);
    for (let i = 1; i < SHORT_CODE_LOCK.perBadge; i += 1)
      expect((await submit(v, at.badge, { npsn: SD, code: wrong })).statusCode).toBe(401);
    const locked = await submit(v, at.badge, { npsn: SD, code: wrong });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(decode(locked.body)).toContain('Terlalu banyak percobaan. Silakan coba lagi dalam');
    // Even the right code waits now.
    const right = await submit(v, at.badge, { npsn: SD, code: child.badge.shortCode });
    expect(right.statusCode).toBe(429);
  });

  it("'Bukan saya' forgets the badge and goes back to the camera", async () => {
    const child = await studentWithBadge();
    const v = visitor();
    const { uid } = await authorize(v, withBadges);
    const at = paths(uid!);
    await submit(v, at.badge, { qr: child.badge.qrText });
    const no = await submit(v, at.confirm, { decision: 'no' });
    expect(no.statusCode).toBe(303);
    expect(no.headers.location).toBe(at.badge);
    const again = await open(v, at.page);
    expect(headingOf(again.body)).not.toBe('Apakah ini kamu?');
    // Nothing to confirm any more.
    const late = await submit(v, at.confirm, { decision: 'yes' });
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe(at.page);
  });

  it('refuses an ended badge, and one ended between the camera and "Ini saya"', async () => {
    const ended = await studentWithBadge();
    await t.database.db
      .update(badges)
      .set({ endedAt: new Date(), endedReason: 'ended' })
      .where(eq(badges.id, ended.badge.badgeId));
    const v = visitor();
    const { uid } = await authorize(v, withBadges);
    const at = paths(uid!);
    const refused = await submit(v, at.badge, { qr: ended.badge.qrText });
    expect(refused.statusCode).toBe(403);
    expect(decode(refused.body)).toContain(BADGE_SIGN_IN_MESSAGES.ended);
    expect(refused.body).toContain('id="error-summary"');

    const meanwhile = await studentWithBadge();
    const read = await submit(v, at.badge, { qr: meanwhile.badge.qrText });
    expect(read.statusCode).toBe(303);
    await t.database.db
      .update(badges)
      .set({ endedAt: new Date(), endedReason: 'ended' })
      .where(eq(badges.id, meanwhile.badge.badgeId));
    const yes = await submit(v, at.confirm, { decision: 'yes' });
    expect(yes.statusCode).toBe(403);
    expect(decode(yes.body)).toContain(BADGE_SIGN_IN_MESSAGES.ended);
    expect(headingOf(yes.body)).toBe('Masuk dengan Kartu');
  });

  it("refuses a badge whose account is not a student's", async () => {
    const child = await studentWithBadge();
    await t.database.db
      .update(learningAccounts)
      .set({ kind: 'ptk' })
      .where(eq(learningAccounts.id, child.accountId));
    const v = visitor();
    const { uid } = await authorize(v, withBadges);
    const refused = await submit(v, paths(uid!).badge, { qr: child.badge.qrText });
    expect([401, 403]).toContain(refused.statusCode);
    expect(refused.headers.location).toBeUndefined();
    const page = await open(v, paths(uid!).page);
    expect(headingOf(page.body)).not.toBe('Apakah ini kamu?');
  });

  it("counts the badge step's posts per address like the password's", async () => {
    const limited = await createSignInTestApp({ SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '2' });
    try {
      const service = limited.t.app.services.badgeSignIn;
      const ip = '10.49.250.1';
      for (let i = 0; i < 2; i += 1)
        await expect(service.check({ qr: 'bukan-kartu' }, ip, 'x')).rejects.toMatchObject({
          id: 'badge_unknown',
        });
      await expect(service.check({ qr: 'bukan-kartu' }, ip, 'x')).rejects.toMatchObject({
        statusCode: 429,
      });
    } finally {
      await limited.t.close();
    }
  });
});

describe("the platform's setting", () => {
  it('is off by default, changed in the console and audited with the other settings', async () => {
    const platform = await registerPlatformBody('rapor-setelan');
    expect(platform.badgeSignIn).toBe(false);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${API}${PLATFORM_ROUTES.one.replace(':clientId', 'rapor-setelan')}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        name: platform.name,
        contactName: platform.contactName,
        contactEmail: platform.contactEmail,
        redirectUris: platform.redirectUris,
        scopes: platform.scopes,
        badgeSignIn: true,
        authMethod: platform.authMethod,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.badgeSignIn).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.outcome, 'updated'));
    const changes = entry?.changes as {
      before: { badgeSignIn: boolean };
      after: { badgeSignIn: boolean };
    };
    expect([changes.before.badgeSignIn, changes.after.badgeSignIn]).toEqual([false, true]);
    // The provider reads it as the client's metadata.
    const metadata = await t.app.services.platforms.providerClient('rapor-setelan');
    expect(metadata?.['portal_badge_sign_in']).toBe(true);
  });

  it('is on for the demo platform', async () => {
    await t.app.services.platforms.registerDemoPlatform({
      url: 'http://127.0.0.1:4929',
      secret: 'rahasia-platform-demo-yang-panjang',
    });
    expect((await t.app.services.platforms.get('demo-platform')).badgeSignIn).toBe(true);
  });
});

describe('where badge sign-in is not allowed', () => {
  it('a platform without the setting offers no card and refuses the badge step', async () => {
    const child = await studentWithBadge();
    const v = visitor();
    const { uid } = await authorize(v, withoutBadges);
    const at = paths(uid!);
    const password = await open(v, at.page);
    expect(password.statusCode).toBe(200);
    expect(password.body).not.toContain('Masuk dengan Kartu');
    const step = await open(v, at.badge);
    expect(step.statusCode).toBe(403);
    expect(decode(step.body)).toContain(BADGE_SIGN_IN_MESSAGES.notAllowed);
    expect(step.body).not.toContain('name="qr"');
    const posted = await submit(v, at.badge, { qr: child.badge.qrText });
    expect(posted.statusCode).toBe(403);
    expect(decode(posted.body)).toContain(BADGE_SIGN_IN_MESSAGES.notAllowed);
  });

  it("the portal's own client offers no card and refuses the badge step", async () => {
    const child = await studentWithBadge();
    const v = visitor();
    const { uid } = await startSignIn(rp, t.config, v.browser);
    const at = paths(uid);
    const password = await open(v, at.page);
    expect(password.body).not.toContain('Masuk dengan Kartu');
    expect((await open(v, at.badge)).statusCode).toBe(403);
    const posted = await submit(v, at.badge, { qr: child.badge.qrText });
    expect(posted.statusCode).toBe(403);
    expect(posted.headers.location).toBeUndefined();
  });

  it("a badge's session is not carried to the portal's client or to a platform without the setting", async () => {
    const child = await studentWithBadge();
    const v = visitor();
    const { uid } = await authorize(v, withBadges);
    const at = paths(uid!);
    await submit(v, at.badge, { qr: child.badge.qrText });
    const yes = await submit(v, at.confirm, { decision: 'yes' });
    await toCallback(v, yes.headers.location!);

    // The same browser at the badge platform again: its session is reused, no step is shown.
    const again = await authorize(v, withBadges);
    expect(again.uid).toBeNull();
    expect(
      (await toCallback(v, String(again.answer.headers.location))).searchParams.get('code'),
    ).toBeTruthy();
    // At the portal's own client and at the other platform: the password is asked for.
    const portal = await startSignIn(rp, t.config, v.browser);
    expect(portal.uid).toBeTruthy();
    const other = await authorize(v, withoutBadges);
    expect(other.uid).toBeTruthy();
  });
});

describe('no account change from a badge session', () => {
  it('refuses a token that says a badge was used at every route that changes the password, address or sign-in methods', async () => {
    const child = await studentWithBadge();
    await setPassword(t, [child.email], STUDENT_PASSWORD);
    const tokens = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: child.email,
      password: STUDENT_PASSWORD,
    });
    // The same token as the badge would carry, had the portal's client ever accepted one:
    // its claims with `amr` saying a badge, signed by the provider's own key.
    const keys = await createSigningKeys(t.database.db, t.config.tokenSecret).providerKeys();
    const jwk = keys.keys.find((key) => (key as JWK).kid === keys.signingKid) as JWK;
    const badgeToken = await new SignJWT({ ...decodeJwt(tokens.access_token), amr: ['badge'] })
      .setProtectedHeader({ alg: 'RS256', kid: keys.signingKid, typ: 'at+jwt' })
      .sign(await importJWK(jwk, 'RS256'));
    const call = (method: 'GET' | 'POST', path: string, token: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${API}${path}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });

    // The password's token reaches the profile; the badge's does not.
    expect(
      (await call('GET', SIGN_IN_METHODS_ROUTES.overview, tokens.access_token)).statusCode,
    ).toBe(200);
    const changes: [string, object][] = [
      [
        PROFILE_PATHS.password,
        { current_password: STUDENT_PASSWORD, password: 'Baru-Sekali-2026' },
      ],
      [PROFILE_PATHS.email, { email: 'anak@contoh.test' }],
      [PROFILE_PATHS.emailConfirm, { code: '123456', code_current: '123456' }],
      [SIGN_IN_METHODS_ROUTES.totpStart, {}],
      [SIGN_IN_METHODS_ROUTES.totpConfirm, { code: '123456' }],
      [SIGN_IN_METHODS_ROUTES.totpRemove, {}],
      [SIGN_IN_METHODS_ROUTES.passkeyOptions, {}],
      [SIGN_IN_METHODS_ROUTES.passkeys, {}],
      [SIGN_IN_METHODS_ROUTES.passkeyRemove.replace(':id', '1'), {}],
      [SIGN_IN_METHODS_ROUTES.recoveryCodes, {}],
      [PROFILE_PATHS.endOtherSessions, {}],
    ];
    for (const [path, body] of changes) {
      const refused = await call('POST', path, badgeToken, body);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error.id, path).toBe('badge_session_refused');
    }
    expect((await call('GET', SIGN_IN_METHODS_ROUTES.overview, badgeToken)).statusCode).toBe(403);
    // The password was not changed by any of it.
    const [account] = await t.database.db
      .select({ hash: learningAccounts.passwordHash })
      .from(learningAccounts)
      .where(eq(learningAccounts.id, child.accountId));
    expect(await t.app.services.hasher.verify(account!.hash!, STUDENT_PASSWORD)).toBe(true);
  });
});
