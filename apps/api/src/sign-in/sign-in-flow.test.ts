import { and, eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { RESET_PATHS } from '@portal/contracts/password-reset';
import {
  END_SESSION_CONFIRM_PATH,
  PORTAL_WEB_CLIENT_ID,
  SIGN_IN_POLICY,
  WEB_AUTH_PATHS,
} from '@portal/contracts/sign-in';
import { learningAccounts, oidcModels, outboxMessages } from '../db/schema';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import type { TestApp } from '../test-support/test-app';
import {
  createBrowser,
  injectFetch,
  interactionPath,
  postPassword,
  signIn,
  startSignIn,
  type Browser,
} from '../test-support/platform-sign-in';

// The sign-in as the web app's relying party (openid-client) and its visitor's browser go
// through it: code with PKCE, the API's audience, refresh rotation, revocation, logout.

const PASSWORD = TEACHER_PASSWORD;
const teacher = { email: FIXTURE.teacher.accounts[0]!, password: PASSWORD };
let t: TestApp;
let rp: client.Configuration;
let accountId: string;

beforeAll(async () => {
  // The reset of the last group runs without the bot check.
  ({ t, rp } = await createSignInTestApp({ BOT_CHECK: 'off' }));
  const [row] = await t.database.db
    .select({ id: learningAccounts.id })
    .from(learningAccounts)
    .where(eq(learningAccounts.email, teacher.email));
  accountId = String(row!.id);
});
afterAll(async () => {
  await t?.close();
});

const browser = (): Browser => createBrowser(t.app, t.config.oidc.issuer);
/** The provider's published keys, as a resource server fetches them. */
const jwks = async () => {
  const reply = await injectFetch(t.app)(rp.serverMetadata().jwks_uri!);
  return createLocalJWKSet((await reply.json()) as JSONWebKeySet);
};

describe('sign-in with the authorization code and PKCE', () => {
  it('gives the web app an ID token with the account, and a JWT access token for the API only', async () => {
    const tokens = await signIn(rp, t.config, browser(), teacher);
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(accountId);
    expect(claims.aud).toBe(PORTAL_WEB_CLIENT_ID);
    expect(claims).toMatchObject({ email: teacher.email, name: FIXTURE.teacher.name });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBe(SIGN_IN_POLICY.accessTokenMinutes * 60);

    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, await jwks(), {
      issuer: t.config.oidc.issuer,
      audience: t.config.oidc.audience,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.sub).toBe(accountId);
    expect(payload.client_id).toBe(PORTAL_WEB_CLIENT_ID);
    expect(payload.exp! - payload.iat!).toBe(SIGN_IN_POLICY.accessTokenMinutes * 60);
  });
});

describe('the interaction of the sign-in page', () => {
  it('tells the page what is asked, and only to the browser that began the flow', async () => {
    const visitor = browser();
    const { uid } = await startSignIn(rp, t.config, visitor);
    const details = await visitor.get(interactionPath(t.config, uid, 'details'));
    expect(details.statusCode).toBe(200);
    expect(details.headers['cache-control']).toContain('no-store');
    expect(details.json()).toEqual({
      uid,
      prompt: 'login',
      step: null,
      bot_check: false,
      passkey: false,
      totp: false,
      client: {
        id: PORTAL_WEB_CLIENT_ID,
        name: 'Portal Akun',
        logo_uri: null,
        // Where the sign-in goes back to: the web app's origin, the origin of its callback.
        address: t.config.oidc.webOrigin,
      },
      consent: null,
    });

    // Someone handed the link: no cookie of that flow, so no details and no sign-in through it
    // (else a victim's password would complete the attacker's flow).
    const other = browser();
    for (const reply of [
      await other.get(interactionPath(t.config, uid, 'details')),
      await postPassword(other, t.config, uid, teacher),
    ]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json().message).toBe(ERROR_MESSAGES.unauthorized);
    }
    // The cookie of another flow does not open this one.
    const { uid: second } = await startSignIn(rp, t.config, other);
    expect((await other.get(interactionPath(t.config, uid, 'details'))).statusCode).toBe(401);
    expect((await other.get(interactionPath(t.config, second, 'details'))).statusCode).toBe(200);
  });

  it('refuses an authorization request without PKCE, and a code with the wrong verifier', async () => {
    const noPkce = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.loginCallback}`,
      scope: 'openid',
      state: client.randomState(),
    });
    const refused = await browser().get(noPkce.href);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toContain('error=invalid_request');

    const plain = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.loginCallback}`,
      scope: 'openid',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    });
    expect((await browser().get(plain.href)).headers.location).toContain('error=invalid_request');

    await expect(
      signIn(
        rp,
        t.config,
        browser(),
        teacher,
        { resource: t.config.oidc.audience },
        'w'.repeat(43),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe('the API audience', () => {
  it('gives a token for the API when asked for it, for userinfo otherwise, and none for another resource', async () => {
    const forUserinfo = await signIn(rp, t.config, browser(), teacher, {});
    expect(forUserinfo.access_token.split('.')).toHaveLength(1);
    const info = await client.fetchUserInfo(rp, forUserinfo.access_token, accountId);
    expect(info).toMatchObject({ sub: accountId, email: teacher.email });

    const forApi = await signIn(rp, t.config, browser(), teacher);
    // A token for the API opens nothing else.
    await expect(client.fetchUserInfo(rp, forApi.access_token, accountId)).rejects.toThrow();

    await expect(
      signIn(rp, t.config, browser(), teacher, { resource: 'https://other.example.id/api' }),
    ).rejects.toMatchObject({ error: 'invalid_target' });
    const visitor = browser();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.loginCallback}`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      resource: 'https://other.example.id/api',
    });
    expect((await visitor.get(url.href)).headers.location).toContain('error=invalid_target');
  });
});

describe('lifetimes', () => {
  it('ends a code after its minutes, at one use, and an access token after its minutes', async () => {
    const tokens = await signIn(rp, t.config, browser(), teacher);
    const { payload } = await jwtVerify(tokens.access_token, await jwks(), {
      audience: t.config.oidc.audience,
    });
    const late = new Date((payload.exp! + 60) * 1000);
    await expect(
      jwtVerify(tokens.access_token, await jwks(), { currentDate: late }),
    ).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });

    // The code as stored (its TTL in the short-lived store is the same life: the adapter's
    // tests hold that), then past its end.
    const visitor = browser();
    const { verifier, state, uid } = await startSignIn(rp, t.config, visitor);
    const posted = await postPassword(visitor, t.config, uid, teacher);
    const callback = (await visitor.get(posted.json().redirectTo)).headers.location as string;
    const code = new URL(callback).searchParams.get('code')!;
    const { providerState } = t.app.services;
    const stored = await providerState.find('AuthorizationCode', code);
    const { iat, exp } = stored!.payload as { iat: number; exp: number };
    expect(exp - iat).toBe(SIGN_IN_POLICY.authorizationCodeMinutes * 60);
    const now = Math.floor(Date.now() / 1000);
    await providerState.upsert(
      'AuthorizationCode',
      code,
      { ...stored!.payload, iat: iat - (exp - iat) - 1, exp: now - 1 },
      60,
    );
    await expect(
      client.authorizationCodeGrant(
        rp,
        new URL(callback),
        { pkceCodeVerifier: verifier, expectedState: state },
        { resource: t.config.oidc.audience },
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('takes a code once only', async () => {
    const visitor = browser();
    const { verifier, state, uid } = await startSignIn(rp, t.config, visitor);
    const posted = await postPassword(visitor, t.config, uid, teacher);
    const callback = new URL(
      (await visitor.get(posted.json().redirectTo)).headers.location as string,
    );
    const exchange = () =>
      client.authorizationCodeGrant(
        rp,
        callback,
        { pkceCodeVerifier: verifier, expectedState: state },
        { resource: t.config.oidc.audience },
      );
    await exchange();
    await expect(exchange()).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe('the short-lived state failing', () => {
  it('leaves no session behind a sign-in whose code could not be stored', async () => {
    const sessions = async () =>
      (
        await t.database.db
          .select({ id: oidcModels.id })
          .from(oidcModels)
          .where(and(eq(oidcModels.model, 'Session'), eq(oidcModels.accountId, accountId)))
      ).length;
    const before = await sessions();
    const visitor = browser();
    const started = await startSignIn(rp, t.config, visitor);
    const posted = await postPassword(visitor, t.config, started.uid, teacher);
    expect(posted.statusCode).toBe(200);
    // The store fails at the one write after the person is signed in: the code's.
    const state = t.app.services.providerState;
    const upsert = state.upsert.bind(state);
    state.upsert = async (model, ...rest) => {
      if (model === 'AuthorizationCode') throw new Error('the store went away');
      return upsert(model, ...rest);
    };
    try {
      const resumed = await visitor.get((posted.json() as { redirectTo: string }).redirectTo);
      // Back to the web with the provider's "start again", never a 500.
      expect(resumed.statusCode).toBeLessThan(500);
      expect(String(resumed.headers.location)).toContain('error=temporarily_unavailable');
    } finally {
      state.upsert = upsert;
    }
    expect(await sessions()).toBe(before);
    // The same browser signs in afresh.
    expect((await signIn(rp, t.config, visitor, teacher)).access_token).toBeTruthy();
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a second use of a spent one ends the whole grant', async () => {
    const first = await signIn(rp, t.config, browser(), teacher);
    const resource = { resource: t.config.oidc.audience };
    const second = await client.refreshTokenGrant(rp, first.refresh_token!, resource);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const { payload } = await jwtVerify(second.access_token, await jwks(), {
      audience: t.config.oidc.audience,
    });
    expect(payload.sub).toBe(accountId);
    const third = await client.refreshTokenGrant(rp, second.refresh_token!, resource);

    // The first token again: someone else holds a copy. Every token of the grant ends.
    await expect(
      client.refreshTokenGrant(rp, first.refresh_token!, resource),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(
      client.refreshTokenGrant(rp, third.refresh_token!, resource),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('end by revocation, and with the session at sign-out', async () => {
    const resource = { resource: t.config.oidc.audience };
    const revoked = await signIn(rp, t.config, browser(), teacher);
    await client.tokenRevocation(rp, revoked.refresh_token!);
    await expect(
      client.refreshTokenGrant(rp, revoked.refresh_token!, resource),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    const visitor = browser();
    const tokens = await signIn(rp, t.config, visitor, teacher);
    const logout = client.buildEndSessionUrl(rp, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.logoutCallback}`,
      state: 'after-logout',
    });
    // The provider asks on its own server-rendered page, its form carrying the secret.
    const confirm = await visitor.get(logout.href);
    expect(confirm.statusCode).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
    expect(xsrf).toBeTruthy();
    const done = await visitor.request({
      method: 'POST',
      url: `${new URL(t.config.oidc.issuer).pathname}${END_SESSION_CONFIRM_PATH}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `${t.config.oidc.webOrigin}${WEB_AUTH_PATHS.logoutCallback}?state=after-logout`,
    );
    await expect(
      client.refreshTokenGrant(rp, tokens.refresh_token!, resource),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // Signed out: the next authorization asks for the password again.
    const again = await startSignIn(rp, t.config, visitor);
    expect(again.uid).toBeTruthy();
  });
});

/** A self-service password reset of the teacher's account, through the API as the web does it. */
async function resetPassword(newPassword: string) {
  const post = async (path: string, payload: object) => {
    const reply = await t.app.inject({ method: 'POST', url: `/belajar-id${path}`, payload });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data;
  };
  const { token } = await post(RESET_PATHS.verify, {
    belajaridEmail: teacher.email,
    dob: FIXTURE.teacher.birthDate,
  });
  const { session_id } = await post(RESET_PATHS.sendOtp, { token, metode: 'email' });
  const [mail] = await t.database.db
    .select({ text: outboxMessages.bodyText })
    .from(outboxMessages)
    .where(eq(outboxMessages.template, 'reset-code'))
    .orderBy(sql`${outboxMessages.id} DESC`)
    .limit(1);
  const otp = /: (\d{6})\n/.exec(mail!.text)![1]!;
  await post(RESET_PATHS.validateOtp, { session_id, otp });
  await post(RESET_PATHS.setPassword, {
    session_id,
    password: newPassword,
    password_confirmation: newPassword,
  });
}

describe('a password reset', () => {
  it('ends every session, grant and refresh token of the account, and only of that account', async () => {
    const visitor = browser();
    const tokens = await signIn(rp, t.config, visitor, teacher);
    const elsewhere = await signIn(rp, t.config, browser(), teacher);
    const sibling = await signIn(rp, t.config, browser(), {
      email: FIXTURE.teacher.accounts[1]!,
      password: PASSWORD,
    });
    const resource = { resource: t.config.oidc.audience };

    const newPassword = 'Sandi-Baru-Bandung-2027';
    await resetPassword(newPassword);

    for (const refresh of [tokens.refresh_token!, elsewhere.refresh_token!])
      await expect(client.refreshTokenGrant(rp, refresh, resource)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    // The browser's session is gone: the next authorization asks for the password again.
    await startSignIn(rp, t.config, visitor);
    // The person's other account keeps its sign-in: its password did not change.
    await client.refreshTokenGrant(rp, sibling.refresh_token!, resource);

    await expect(signIn(rp, t.config, browser(), teacher)).rejects.toThrow(/401/);
    await signIn(rp, t.config, browser(), { ...teacher, password: newPassword });
  });
});
