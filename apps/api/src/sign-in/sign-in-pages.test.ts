import { generate } from 'otplib';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROUTES, type PlatformWithSecret } from '@portal/contracts/platforms';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import {
  END_SESSION_CONFIRM_PATH,
  SIGN_IN_MESSAGES,
  SIGN_IN_POLICY,
  WEB_AUTH_PATHS,
} from '@portal/contracts/sign-in';
import { LANGUAGE_COOKIE } from '@portal/contracts/sign-in-pages';
import { FIXTURE } from '../test-support/registry-fixture';
import {
  createSignInTestApp,
  setPassword,
  TEACHER_PASSWORD,
} from '../test-support/sign-in-test-app';
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
import { createStaffAccounts } from './staff-accounts';

// The provider's steps as server-rendered pages (decision 0286): each step one HTML document
// with its form and labels, posting a plain form; a refused post shows the step again with its
// error summary; the answer is the next step's page or the redirect. Both languages.

const teacher = { email: FIXTURE.teacher.accounts[0]!, password: TEACHER_PASSWORD };
const INITIAL = 'Awal-Sementara-2026';
const student = { email: FIXTURE.student.accounts[0]!, password: INITIAL };
const STAFF_EMAIL = 'sari.staf@admin.belajar.id';
const RP = 'http://rp.test';
const CALLBACK = `${RP}/callback`;

let t: TestApp;
let rp: client.Configuration;
let staffPassword: string;
let address = 0;
// Each visitor from an address of its own: the limits per address are not what these test.
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  ({ t, rp } = await createSignInTestApp({ SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '1000' }));
  await setPassword(t, [student.email], INITIAL, { mustChange: true });
  ({ password: staffPassword } = await createStaffAccounts({
    db: t.database.db,
    hasher: t.app.services.hasher,
    staffDomain: t.config.staffDomain,
  }).addStaffAccount(STAFF_EMAIL));
});
afterAll(async () => {
  await t?.close();
});

type Visitor = { browser: Browser; ip: string; language?: string };

const visitor = (language?: string): Visitor => ({
  browser: createBrowser(t.app, t.config.oidc.issuer),
  ip: nextAddress(),
  ...(language ? { language } : {}),
});

/** A browser's navigation to a page: it asks for HTML, in its language. */
const open = (v: Visitor, url: string) =>
  v.browser.request({
    method: 'GET',
    url,
    remoteAddress: v.ip,
    headers: {
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      // A browser's own language does not choose the page's: the site's choice does.
      'accept-language': 'en-US,en;q=0.9',
    },
    ...(v.language ? { cookies: { [LANGUAGE_COOKIE]: v.language } } : {}),
  });

/** A plain form's post, as a browser sends it from the page. */
const submit = (
  v: Visitor,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
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
      ...headers,
    },
    ...(v.language ? { cookies: { [LANGUAGE_COOKIE]: v.language } } : {}),
  });

const formAction = (html: string): string => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in ${html.slice(0, 200)}`);
  return action.replaceAll('&amp;', '&');
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const headingOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const summaryOf = (html: string) =>
  /<div id="error-summary"[\s\S]*?<\/ul>/.exec(html)?.[0].replace(/<[^>]+>/g, ' ') ?? null;
const labelFor = (html: string, id: string) =>
  new RegExp(`<label for="${id}"[^>]*>([^<]*)</label>`).exec(html)?.[1];
const decode = (text: string) => text.replaceAll('&amp;', '&');

/** An authorization request of the portal's client, and its step page as the browser opens it. */
async function startAt(v: Visitor) {
  const started = await startSignIn(rp, t.config, v.browser);
  const page = await open(v, `/oidc/interaction/${started.uid}`);
  return { ...started, page };
}

describe('the password step', () => {
  it('is one HTML document with its form and labels, in Indonesian or English, needing no script', async () => {
    const v = visitor();
    const { uid, page } = await startAt(v);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toMatch(/no-store/);
    expect(page.body).toMatch(/^<!DOCTYPE html><html lang="id">/);
    expect(headingOf(page.body)).toBe('Masuk ke Akun belajar.id');
    expect(formAction(page.body)).toBe(`/oidc/interaction/${uid}/page/login`);
    expect(page.body).toMatch(/<form[^>]*method="post"/);
    expect(labelFor(page.body, 'sign-in-email')).toBe('Alamat Akun belajar.id');
    expect(labelFor(page.body, 'sign-in-password')).toBe('Kata sandi');
    expect(page.body).toContain('autoComplete="current-password"');
    // Every part of the step is in the document: no script is needed to show or send it.
    expect(page.body).not.toMatch(/<script/);
    expect(page.body).toMatch(/<style>[\s\S]*\.btn-primary/);

    const english = await open(visitor('en'), `/oidc/interaction/${uid}`);
    // Another browser has no cookie of this interaction: the page says to start again.
    expect(english.statusCode).toBe(401);
    expect(english.body).toContain('This sign-in page is no longer valid.');
    v.language = 'en';
    const same = await open(v, `/oidc/interaction/${uid}`);
    expect(same.body).toMatch(/<html lang="en">/);
    expect(headingOf(same.body)).toBe('Sign in to your belajar.id account');
    expect(labelFor(same.body, 'sign-in-password')).toBe('Password');
  });

  it("sends the web's former address of a step to its page", async () => {
    const v = visitor();
    const moved = await open(v, '/auth/sign-in/AbCdEfGhIjKlMnOp');
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe('/oidc/interaction/AbCdEfGhIjKlMnOp');
  });

  it('keeps the language chosen by its link, without script', async () => {
    const v = visitor();
    const { uid } = await startAt(v);
    const chosen = await open(v, `/oidc/interaction/${uid}?lang=en`);
    expect(chosen.cookies.find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe('en');
    expect(headingOf(chosen.body)).toBe('Sign in to your belajar.id account');
    const again = await open(v, `/oidc/interaction/${uid}`);
    expect(headingOf(again.body)).toBe('Sign in to your belajar.id account');
  });

  it('answers a wrong password and an unknown account alike, in an error summary linked to the field', async () => {
    const wrong = visitor();
    const { uid } = await startAt(wrong);
    const refused = await submit(wrong, `/oidc/interaction/${uid}/page/login`, {
      email: teacher.email,
      password: 'salah-sandi-1',
    });
    expect(refused.statusCode).toBe(401);
    expect(titleOf(refused.body)).toMatch(/^Kesalahan: Masuk ke Akun belajar.id/);
    expect(summaryOf(refused.body)).toContain(SIGN_IN_MESSAGES.failed);
    expect(refused.body).toContain('href="#sign-in-email"');
    // The address stays in its field; the password never comes back.
    expect(refused.body).toContain(`value="${teacher.email}"`);
    expect(refused.body).not.toContain('salah-sandi-1');

    const unknown = visitor();
    const other = await startAt(unknown);
    const nobody = await submit(unknown, `/oidc/interaction/${other.uid}/page/login`, {
      email: 'tidak.ada@belajar.id',
      password: 'salah-sandi-1',
    });
    expect(nobody.statusCode).toBe(401);
    expect(summaryOf(nobody.body)).toBe(summaryOf(refused.body));

    const english = visitor('en');
    const third = await startAt(english);
    const inEnglish = await submit(english, `/oidc/interaction/${third.uid}/page/login`, {
      email: teacher.email,
      password: 'salah-sandi-1',
    });
    expect(summaryOf(inEnglish.body)).toContain('There is a problem');
    expect(summaryOf(inEnglish.body)).not.toContain(SIGN_IN_MESSAGES.failed);
  });

  it('shows each empty or malformed field on the page again, under the field and in the summary', async () => {
    const v = visitor();
    const { uid } = await startAt(v);
    const empty = await submit(v, `/oidc/interaction/${uid}/page/login`, {
      email: 'bukan-alamat',
      password: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('href="#sign-in-email"');
    expect(empty.body).toContain('href="#sign-in-password"');
    expect(empty.body).toContain('id="sign-in-password-error"');
    expect(empty.body).toMatch(/id="sign-in-email"[^>]*aria-invalid="true"/);
  });

  it('answers a locked account like a wrong password, even with the right one', async () => {
    // Another person than the one the other tests sign in: a lock holds all of a person's accounts.
    const locked = FIXTURE.dinas.accounts[0]!;
    await setPassword(t, [locked], TEACHER_PASSWORD);
    let last = '';
    for (let i = 0; i < SIGN_IN_POLICY.maxWrongPasswords + 1; i += 1) {
      const v = visitor();
      const { uid } = await startAt(v);
      const reply = await submit(v, `/oidc/interaction/${uid}/page/login`, {
        email: locked,
        password: `salah-${i}`,
      });
      expect(reply.statusCode).toBe(401);
      last = summaryOf(reply.body) ?? '';
    }
    const v = visitor();
    const { uid } = await startAt(v);
    const right = await submit(v, `/oidc/interaction/${uid}/page/login`, {
      email: locked,
      password: TEACHER_PASSWORD,
    });
    // Locked: the right password gets the wrong password's answer, nothing more.
    expect(right.statusCode).toBe(401);
    expect(summaryOf(right.body)).toBe(last);
  });

  it('asks for the bot check after repeated failures from one address, saying it needs script', async () => {
    const v = visitor();
    const { uid } = await startAt(v);
    let last = '';
    for (let i = 0; i < SIGN_IN_POLICY.botCheckAfterFailures; i += 1)
      last = (
        await submit(v, `/oidc/interaction/${uid}/page/login`, {
          email: 'tidak.ada@belajar.id',
          password: `salah-${i}`,
        })
      ).body;
    expect(last).toContain('data-bot-check');
    expect(last).toContain('data-challenge="/belajar-id/bot-check/v1/challenge"');
    expect(last).toContain('Pemeriksaan keamanan memerlukan JavaScript.');
    // Without the solved check the right password is not even tried.
    const refused = await submit(v, `/oidc/interaction/${uid}/page/login`, teacher);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('data-bot-check');
  });

  it('signs in: the post answers the redirect back to the provider', async () => {
    const v = visitor();
    const { uid } = await startAt(v);
    const signedIn = await submit(v, `/oidc/interaction/${uid}/page/login`, teacher);
    expect(signedIn.statusCode, summaryOf(signedIn.body) ?? signedIn.body.slice(-3000)).toBe(303);
    expect(signedIn.headers.location).toMatch(new RegExp(`/oidc/auth/${uid}$`));
  });

  it("refuses another site's post, and a post without this browser's interaction", async () => {
    const v = visitor();
    const { uid } = await startAt(v);
    const crossSite = await submit(v, `/oidc/interaction/${uid}/page/login`, teacher, {
      'sec-fetch-site': 'cross-site',
      origin: 'https://penyerang.example',
    });
    expect(crossSite.statusCode).toBe(403);
    // An older browser says only where the post came from.
    const otherOrigin = await submit(v, `/oidc/interaction/${uid}/page/login`, teacher, {
      'sec-fetch-site': 'none',
      origin: 'https://penyerang.example',
    });
    expect(otherOrigin.statusCode).toBe(403);
    const stranger = visitor();
    const noCookie = await submit(stranger, `/oidc/interaction/${uid}/page/login`, teacher);
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.body).toContain('Halaman masuk ini sudah tidak berlaku.');
  });
});

describe('the first sign-in', () => {
  it('asks a new password on its own page, refuses a mismatch and a common one, then signs in', async () => {
    const v = visitor();
    const { uid } = await startAt(v);
    const posted = await submit(v, `/oidc/interaction/${uid}/page/login`, student);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/oidc/interaction/${uid}`);
    const page = await open(v, posted.headers.location!);
    expect(headingOf(page.body)).toBe('Buat Kata Sandi Baru');
    expect(formAction(page.body)).toBe(`/oidc/interaction/${uid}/page/new-password`);
    expect(labelFor(page.body, 'sign-in-new-password')).toBe('Kata sandi baru');
    expect(page.body).toContain('data-focus="heading"');

    const mismatch = await submit(v, formAction(page.body), {
      password: 'Sawah hijau di Purworejo',
      confirmation: 'Sawah hijau di Purwakarta',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(summaryOf(mismatch.body)).toContain(RESET_MESSAGES.passwordMismatch);
    expect(mismatch.body).toContain('href="#sign-in-confirmation"');
    const common = await submit(v, formAction(page.body), {
      password: 'password123',
      confirmation: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('href="#sign-in-new-password"');

    const chosen = await submit(v, formAction(page.body), {
      password: 'Sawah hijau di Purworejo',
      confirmation: 'Sawah hijau di Purworejo',
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toMatch(new RegExp(`/oidc/auth/${uid}$`));
  });
});

describe("a staff member's second factor", () => {
  it('enrols the app from an inline QR code, shows the recovery codes once, then asks a code at the next sign-in', async () => {
    const v = visitor('en');
    const { uid } = await startAt(v);
    const posted = await submit(v, `/oidc/interaction/${uid}/page/login`, {
      email: STAFF_EMAIL,
      password: staffPassword,
    });
    expect(posted.statusCode).toBe(303);
    // The password an administrator gave is replaced first.
    const newPassword = await open(v, posted.headers.location!);
    staffPassword = 'Gunung Merapi di pagi hari';
    const replaced = await submit(v, formAction(newPassword.body), {
      password: staffPassword,
      confirmation: staffPassword,
    });
    expect(replaced.statusCode).toBe(303);
    const page = await open(v, replaced.headers.location!);
    expect(headingOf(page.body)).toBe('Set Up Your Authenticator App');
    expect(page.body).toMatch(
      /<div role="img" aria-label="QR code for the authenticator app"[^>]*><svg/,
    );
    const secret = /data-testid="totp-secret">([^<]+)</.exec(page.body)?.[1]?.replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(page.body).toContain('autoComplete="one-time-code"');

    const wrong = await submit(v, formAction(page.body), { code: '000000' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.body).toContain('href="#sign-in-enrol-code"');
    // The same key again: the app holds it already.
    expect(wrong.body).toContain(secret!.match(/.{1,4}/g)!.join(' '));

    const enrolled = await submit(v, formAction(page.body), {
      code: await generate({ secret: secret! }),
    });
    expect(enrolled.statusCode).toBe(200);
    expect(headingOf(enrolled.body)).toBe('Save Your Recovery Codes');
    const codes = [...enrolled.body.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)];
    expect(codes).toHaveLength(10);
    const onward = /<a href="([^"]+)" class="btn btn-primary mt-6 w-full">/.exec(
      enrolled.body,
    )?.[1];
    expect(decode(onward ?? '')).toMatch(new RegExp(`/oidc/auth/${uid}$`));

    const next = visitor();
    const second = await startAt(next);
    const again = await submit(next, `/oidc/interaction/${second.uid}/page/login`, {
      email: STAFF_EMAIL,
      password: staffPassword,
    });
    const codePage = await open(next, again.headers.location!);
    expect(headingOf(codePage.body)).toBe('Verifikasi Dua Langkah');
    expect(formAction(codePage.body)).toBe(`/oidc/interaction/${second.uid}/page/totp`);
    expect(codePage.body).toMatch(
      new RegExp(
        `<form[^>]*action="/oidc/interaction/${second.uid}"[^>]*><input type="hidden" name="recovery" value="1"/>`,
      ),
    );
    const recoveryPage = await open(next, `/oidc/interaction/${second.uid}?recovery=1`);
    expect(labelFor(recoveryPage.body, 'sign-in-recovery-code')).toBe('Kode pemulihan');
    const badFormat = await submit(next, formAction(codePage.body), { code: '12' });
    expect(badFormat.statusCode).toBe(400);
    expect(summaryOf(badFormat.body)).toContain(SIGN_IN_MESSAGES.codeFormat);
    const verified = await submit(next, formAction(codePage.body), {
      code: await generate({ secret: secret!, epoch: Math.floor(Date.now() / 1000) + 30 }),
    });
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toMatch(new RegExp(`/oidc/auth/${second.uid}$`));
  });
});

describe("a platform's consent page", () => {
  it('lists what the platform asks for and posts the answer as a plain form, back to the platform', async () => {
    const admin = await staffAccessToken(t, rp, `platform@${t.config.staffDomain}`, [
      'platform-admin',
    ]);
    const registered = await t.app.inject({
      method: 'POST',
      url: `/belajar-id${PLATFORM_ROUTES.all}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        clientId: 'rapor-halaman',
        name: 'Rapor Digital',
        contactName: 'Tim Platform',
        contactEmail: 'tim@platform.test',
        redirectUris: [CALLBACK],
        postLogoutRedirectUris: [`${RP}/signed-out`],
        scopes: ['openid', 'profile', 'schools'],
        authMethod: 'client_secret_basic',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { secret } = (registered.json() as { data: PlatformWithSecret }).data;
    const platform = await client.discovery(
      new URL(t.config.oidc.issuer),
      'rapor-halaman',
      undefined,
      client.ClientSecretBasic(secret!),
      { execute: [client.allowInsecureRequests], [client.customFetch]: injectFetch(t.app) },
    );
    const v = visitor();
    const url = client.buildAuthorizationUrl(platform, {
      redirect_uri: CALLBACK,
      scope: 'openid profile schools',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: client.randomState(),
    });
    const authorize = await open(v, url.href);
    const uid = interactionUidOf(t.config, String(authorize.headers.location));
    expect(uid).not.toBeNull();
    const login = await submit(v, `/oidc/interaction/${uid}/page/login`, teacher);
    expect(login.statusCode).toBe(303);
    const resumed = await open(v, login.headers.location!);
    const consentUid = interactionUidOf(t.config, String(resumed.headers.location));
    const page = await open(v, `/oidc/interaction/${consentUid}`);
    expect(page.statusCode).toBe(200);
    expect(headingOf(page.body)).toBe('Izinkan Rapor Digital?');
    expect(page.body).toContain(RP);
    expect(page.body).toContain('Nama lengkap Anda');
    // The form ends at the platform: the page's policy lets it go there, and nowhere else.
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${RP}`);
    expect(formAction(page.body)).toBe(`/oidc/interaction/${consentUid}/page/consent`);
    expect(page.body).toMatch(/<button type="submit" value="allow"[^>]*name="decision">Izinkan</);
    expect(page.body).toMatch(/<button type="submit" value="deny"[^>]*name="decision">Tolak</);

    const allowed = await submit(v, formAction(page.body), { decision: 'allow' });
    expect(allowed.statusCode).toBe(303);
    let next = allowed.headers.location!;
    for (let hop = 0; hop < 3 && !next.startsWith(CALLBACK); hop += 1)
      next = new URL(String((await open(v, next)).headers.location), t.config.oidc.issuer).href;
    expect(new URL(next).searchParams.get('code')).toBeTruthy();
  });
});

describe('the sign-out confirmation', () => {
  const issuerPath = () => new URL(t.config.oidc.issuer).pathname.replace(/\/$/, '');
  const buttonsOf = (html: string) =>
    [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

  it("is the provider's form on a server page, in either language, whose post ends the session", async () => {
    const v = visitor();
    const tokens = await signIn(rp, t.config, v.browser, teacher);
    const logout = client.buildEndSessionUrl(rp, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.logoutCallback}`,
      state: 'after-logout',
    });
    const asked = await open(v, logout.href);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/html/);
    expect(asked.body).toMatch(/^<!DOCTYPE html><html lang="id">/);
    expect(headingOf(asked.body)).toBe('Keluar dari Akun');
    expect(titleOf(asked.body)).toMatch(/^Keluar dari Akun \| /);
    expect(buttonsOf(asked.body)).toEqual(['Ya, keluar', 'Tidak, tetap masuk']);
    expect(formAction(asked.body)).toBe(
      `${t.config.oidc.issuer.replace(/\/$/, '')}${END_SESSION_CONFIRM_PATH}`,
    );
    expect(asked.body).toMatch(/<form[^>]*method="post"/);
    // The page needs no script; its form posts to this origin, which its policy allows.
    expect(asked.body).not.toMatch(/<script/);
    expect(asked.body).toMatch(/<style>[\s\S]*\.btn-primary/);
    expect(String(asked.headers['content-security-policy'])).toContain("form-action 'self'");

    // The language link asks the same again in English and keeps the choice.
    const link = /<a href="([^"]*[?&amp;]lang=en)"/.exec(asked.body)?.[1];
    expect(link).toBeDefined();
    expect(decode(link!).startsWith(`${issuerPath()}/session/end?`)).toBe(true);
    const english = await open(v, decode(link!));
    expect(english.statusCode).toBe(200);
    expect(english.cookies.find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe('en');
    expect(english.body).toMatch(/<html lang="en">/);
    expect(headingOf(english.body)).toBe('Sign Out');
    expect(buttonsOf(english.body)).toEqual(['Yes, sign out', 'No, stay signed in']);
    v.language = 'en';
    const again = await open(v, logout.href);
    expect(headingOf(again.body)).toBe('Sign Out');

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(again.body)?.[1];
    expect(xsrf).toBeTruthy();
    const done = await submit(v, `${issuerPath()}${END_SESSION_CONFIRM_PATH}`, {
      xsrf: xsrf!,
      logout: 'yes',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.logoutCallback}?state=after-logout`,
    );
    await expect(
      client.refreshTokenGrant(rp, tokens.refresh_token!, { resource: t.config.oidc.audience }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // Signed out: the next authorization asks for the password again.
    const next = await startAt(v);
    expect(next.page.statusCode).toBe(200);
    expect(labelFor(next.page.body, 'sign-in-password')).toBe('Password');
  });

  it('ends on a server page of its own when no platform named a way back', async () => {
    const v = visitor();
    await signIn(rp, t.config, v.browser, teacher);
    const asked = await open(v, `${issuerPath()}/session/end`);
    expect(headingOf(asked.body)).toBe('Keluar dari Akun');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(asked.body)?.[1];
    const done = await submit(v, `${issuerPath()}${END_SESSION_CONFIRM_PATH}`, {
      xsrf: xsrf!,
      logout: 'yes',
    });
    expect(done.statusCode).toBe(303);
    const end = await open(v, new URL(String(done.headers.location), t.config.oidc.issuer).href);
    expect(end.statusCode).toBe(200);
    expect(headingOf(end.body)).toBe('Anda Sudah Keluar');
    expect(end.body).toContain('Sesi Anda di perangkat ini sudah berakhir.');
    expect(end.body).not.toMatch(/<script/);
    v.language = 'en';
    const inEnglish = await open(
      v,
      new URL(String(done.headers.location), t.config.oidc.issuer).href,
    );
    expect(headingOf(inEnglish.body)).toBe('You Are Signed Out');
  });
});
