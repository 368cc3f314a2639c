import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { oidcSigningKeys } from '../db/schema';
import { createSigningKeys } from './signing-keys';
import { createTestDatabase } from '../test-support/test-database';

const SECRET = 'test-token-secret-of-at-least-32-characters';
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(oidcSigningKeys);
});

const states = async (keys: ReturnType<typeof createSigningKeys>) =>
  (await keys.statuses()).map((status) => [status.row.kid, status.state]);

describe('signing keys in the database', () => {
  it('makes one first key however many instances start at once', async () => {
    await Promise.all(
      [1, 2, 3].map(() => createSigningKeys(database.db, SECRET).ensureSigningKey()),
    );
    const rows = await database.db.select().from(oidcSigningKeys);
    expect(rows).toHaveLength(1);
    // Only the private part is sealed: no RSA private parameter is stored in clear.
    expect(rows[0]!.publicJwk).not.toHaveProperty('d');
    expect(rows[0]!.sealedPrivateJwk).not.toContain(
      String((rows[0]!.publicJwk as { n: string }).n),
    );
  });

  it('publishes a rotated key before it signs, then verifies with the old key until its tokens expired', async () => {
    const keys = createSigningKeys(database.db, SECRET);
    await keys.ensureSigningKey();
    const first = (await keys.providerKeys()).signingKid;
    const next = await keys.rotate({ now: false });
    expect(await states(keys)).toEqual([
      [first, 'signing'],
      [next.kid, 'pending'],
    ]);
    const published = await keys.providerKeys();
    expect(published.signingKid).toBe(first);
    expect(published.keys.map((key) => key.kid)).toEqual([first, next.kid]);
    expect(published.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(published.keys[0]).toHaveProperty('d');

    // Its time comes: the new key signs first, the old one still verifies.
    await database.db.execute(
      sql`UPDATE oidc_signing_keys SET signs_from = now() WHERE kid = ${next.kid}`,
    );
    const rotated = await keys.providerKeys();
    expect(rotated.signingKid).toBe(next.kid);
    expect(rotated.keys.map((key) => key.kid)).toEqual([next.kid, first]);
    expect(rotated.fingerprint).not.toBe(published.fingerprint);

    // Long after, the old key is gone from the set, and the next rotation deletes it.
    await database.db.execute(
      sql`UPDATE oidc_signing_keys SET signs_from = signs_from - interval '1 hour'`,
    );
    expect((await keys.providerKeys()).keys.map((key) => key.kid)).toEqual([next.kid]);
    expect(await states(keys)).toEqual([
      [first, 'retired'],
      [next.kid, 'signing'],
    ]);
    const third = await keys.rotate({ now: true });
    expect(await states(keys)).toEqual([
      [next.kid, 'verifying'],
      [third.kid, 'signing'],
    ]);
  });

  it('refuses, naming the cause, keys sealed under another TOKEN_SECRET', async () => {
    await createSigningKeys(database.db, SECRET).ensureSigningKey();
    const other = createSigningKeys(database.db, 'another-token-secret-of-32-characters-or-more');
    await expect(other.providerKeys()).rejects.toThrow(
      /TOKEN_SECRET is not the one it was sealed with/,
    );
  });
});
