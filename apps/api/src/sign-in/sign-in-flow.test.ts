import { eq, inArray } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_WEB_CLIENT_ID, SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import { learningAccounts } from '../db/schema';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  createBrowser,
  discoverClient,
  injectFetch,
  signIn,
  type Browser,
} from './test-relying-party';

// The sign-in as the web app's relying party (openid-client) and its visitor's browser go
// through it: code with PKCE, the API's audience, refresh rotation, revocation, logout.

const PASSWORD = 'Guru-Bandung-2026';
const teacher = { email: FIXTURE.teacher.accounts[0]!, password: PASSWORD };
let t: TestApp;
let rp: client.Configuration;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  await loadRegistryFixture(t.database);
  const passwordHash = await t.app.services.hasher.hash(PASSWORD);
  await t.database.db
    .update(learningAccounts)
    .set({ passwordHash })
    .where(inArray(learningAccounts.email, FIXTURE.teacher.accounts));
  const [row] = await t.database.db
    .select({ id: learningAccounts.id })
    .from(learningAccounts)
    .where(eq(learningAccounts.email, teacher.email));
  accountId = String(row!.id);
  rp = await discoverClient(t.app, t.config);
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
