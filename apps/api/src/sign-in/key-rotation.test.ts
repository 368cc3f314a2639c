import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { learningAccounts } from '../db/schema';
import { createRateLimitStore, type RateLimitStore } from '../counters/rate-limit-store';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createSigningKeys } from './signing-keys';
import {
  createBrowser,
  discoverClient,
  injectFetch,
  signIn,
} from '../test-support/platform-sign-in';

// Two API instances on one database, as behind a load balancer: they agree on the keys, and a
// rotation reaches both without ending the tokens already issued.

const PASSWORD = 'Guru-Bandung-2026';
const teacher = { email: FIXTURE.teacher.accounts[0]!, password: PASSWORD };
let a: TestApp;
let b: FastifyInstance;
let bLimits: RateLimitStore;

beforeAll(async () => {
  a = await createTestApp();
  bLimits = await createRateLimitStore(undefined, 'rl-test-second-instance');
  b = await buildApp({
    config: a.config,
    database: a.database,
    rateLimit: bLimits,
    logStream: new PassThrough(),
  });
  await b.ready();
  await loadRegistryFixture(a.database);
  await a.database.db
    .update(learningAccounts)
    .set({ passwordHash: await a.app.services.hasher.hash(PASSWORD) });
});
afterAll(async () => {
  await b?.close();
  await bLimits?.close();
  await a?.close();
});

const instances = () => [a.app, b];
const reloadBoth = () => Promise.all(instances().map((app) => app.services.oidcProviders.reload()));
const keysOf = async (app: FastifyInstance) => {
  const reply = await injectFetch(app)(`${a.config.oidc.issuer}/jwks`);
  return (await reply.json()) as JSONWebKeySet;
};
const kidsOf = async (app: FastifyInstance) => (await keysOf(app)).keys.map((key) => key.kid);
const verifyWith = async (app: FastifyInstance, token: string) =>
  jwtVerify(token, createLocalJWKSet(await keysOf(app)), { audience: a.config.oidc.audience });
const signingKid = (token: string) => decodeProtectedHeader(token).kid;

async function signInThrough(app: FastifyInstance) {
  const rp = await discoverClient(app, a.config);
  return {
    rp,
    tokens: await signIn(rp, a.config, createBrowser(app, a.config.oidc.issuer), teacher),
  };
}

describe('signing keys across instances', () => {
  it('are the same keys for both, and what one issues the other honours', async () => {
    expect(await kidsOf(b)).toEqual(await kidsOf(a.app));
    expect(await kidsOf(a.app)).toHaveLength(1);
    const { tokens } = await signInThrough(a.app);
    await verifyWith(b, tokens.access_token);
    // The refresh goes to the other instance: the grant lives in the shared database.
    const rpB = await discoverClient(b, a.config);
    const refreshed = await client.refreshTokenGrant(rpB, tokens.refresh_token!, {
      resource: a.config.oidc.audience,
    });
    await verifyWith(a.app, refreshed.access_token);
  });

  it('rotate: the new key is published first, then signs, and the old one verifies until its tokens expired', async () => {
    const [oldKid] = await kidsOf(a.app);
    const before = await signInThrough(a.app);
    const keys = createSigningKeys(a.database.db, a.config.tokenSecret);

    // As `npm run keys -- rotate`: published by both instances, used by neither yet.
    const next = await keys.rotate({ now: false });
    await reloadBoth();
    for (const app of instances()) expect(await kidsOf(app)).toEqual([oldKid, next.kid]);
    const meanwhile = await signInThrough(b);
    expect(signingKid(meanwhile.tokens.access_token)).toBe(oldKid);
    expect(signingKid(meanwhile.tokens.id_token!)).toBe(oldKid);

    // Its time comes: both sign with it; the tokens of the old key still verify everywhere.
    await a.database.db.execute(
      sql`UPDATE oidc_signing_keys SET signs_from = now() WHERE kid = ${next.kid}`,
    );
    await reloadBoth();
    for (const app of instances()) {
      expect(await kidsOf(app)).toEqual([next.kid, oldKid]);
      const { tokens } = await signInThrough(app);
      expect(signingKid(tokens.access_token)).toBe(next.kid);
      await verifyWith(app, before.tokens.access_token);
    }
    // A client that cached the old key set learns the new key and validates the ID token.
    const refreshed = await client.refreshTokenGrant(before.rp, before.tokens.refresh_token!, {
      resource: a.config.oidc.audience,
    });
    expect(refreshed.claims()?.sub).toBe(before.tokens.claims()?.sub);
    expect(signingKid(refreshed.id_token!)).toBe(next.kid);

    // Once every token of the old key has expired, it is no longer published.
    await a.database.db.execute(
      sql`UPDATE oidc_signing_keys SET signs_from = signs_from - interval '1 hour'`,
    );
    await reloadBoth();
    for (const app of instances()) {
      expect(await kidsOf(app)).toEqual([next.kid]);
      await expect(verifyWith(app, before.tokens.access_token)).rejects.toMatchObject({
        code: 'ERR_JWKS_NO_MATCHING_KEY',
      });
    }
  });

  it('rotate --now: the new key signs at once on each instance as it reloads', async () => {
    const [current] = await kidsOf(a.app);
    const keys = createSigningKeys(a.database.db, a.config.tokenSecret);
    const next = await keys.rotate({ now: true });
    await a.app.services.oidcProviders.reload();
    const early = await signInThrough(a.app);
    expect(signingKid(early.tokens.access_token)).toBe(next.kid);
    // The instance that has not reloaded yet signs with the old key, which still verifies.
    const late = await signInThrough(b);
    expect(signingKid(late.tokens.access_token)).toBe(current);
    await verifyWith(a.app, late.tokens.access_token);
    await b.services.oidcProviders.reload();
    expect(await kidsOf(b)).toEqual(await kidsOf(a.app));
    expect(signingKid((await signInThrough(b)).tokens.access_token)).toBe(next.kid);
  });
});
