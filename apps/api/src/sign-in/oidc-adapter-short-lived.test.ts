import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test-support/test-app';
import { createTestDatabase } from '../test-support/test-database';
import type { Database } from '../db/database';
import { oidcModels } from '../db/schema';
import { createOidcAdapter } from './oidc-adapter';
import {
  createMemoryShortLivedStore,
  createRedisShortLivedStore,
  type ShortLivedStore,
} from './oidc-adapter-short-lived';

// The same behaviour from both homes: memory always, Redis when REDIS_URL is set (CI's pass on
// PostgreSQL and Redis), each run under a prefix of its own.
const homes: Array<[string, string | undefined]> = [['memory', undefined]];
if (testRedisUrl) homes.push(['redis', testRedisUrl]);

let database: Database;
/** The models stored in the database under this id. */
const storedModels = (id: string) =>
  database.db.select({ model: oidcModels.model }).from(oidcModels).where(eq(oidcModels.id, id));
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.each(homes)('the provider adapter, short-lived models in %s', (_home, url) => {
  const prefix = `oidc-test-${randomUUID()}`;
  let clock = Date.parse('2026-07-13T01:00:00Z');
  let store: ShortLivedStore;
  // Redis keeps its own time: there, time passes by taking it off each key's time to live.
  const redis = url ? new Redis(url, { lazyConnect: true }) : undefined;
  /** Moves the store's time on by `ms`, without waiting. */
  const later = async (ms: number) => {
    clock += ms;
    if (!redis) return;
    for (const key of await redis.keys(`${prefix}:*`)) {
      const ttl = await redis.pttl(key);
      if (ttl > ms) await redis.pexpire(key, ttl - ms);
      else if (ttl >= 0) await redis.del(key);
    }
  };
  beforeAll(async () => {
    store = url
      ? createRedisShortLivedStore(url, prefix)
      : createMemoryShortLivedStore(() => clock);
    await store.connect();
  });
  afterAll(async () => {
    await store.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
  const adapter = () => createOidcAdapter(database.db, store);

  it('keeps codes and interactions out of the database, by model and id', async () => {
    const codes = adapter()('AuthorizationCode');
    const interactions = adapter()('Interaction');
    await codes.upsert('c1', { accountId: '7', grantId: 'g1', kind: 'AuthorizationCode' }, 300);
    expect(await codes.find('c1')).toEqual({
      accountId: '7',
      grantId: 'g1',
      kind: 'AuthorizationCode',
    });
    // Same id, another model: another entry.
    expect(await interactions.find('c1')).toBeUndefined();
    expect(await storedModels('c1')).toEqual([]);

    await interactions.upsert('i1', { uid: 'i1', params: { client_id: 'web' } }, 600);
    expect((await interactions.find('i1'))?.params).toEqual({ client_id: 'web' });
    await interactions.upsert(
      'i1',
      { uid: 'i1', params: { client_id: 'web' }, result: { a: 1 } },
      600,
    );
    expect((await interactions.find('i1'))?.result).toEqual({ a: 1 });
    await interactions.destroy('i1');
    expect(await interactions.find('i1')).toBeUndefined();
  });

  it('answers a consumed code with its use time, once stored again too, so a replay is seen', async () => {
    const codes = adapter()('AuthorizationCode');
    await codes.upsert('c2', { accountId: '7', grantId: 'g2' }, 300);
    expect((await codes.find('c2'))?.consumed).toBeUndefined();
    await codes.consume('c2');
    const consumed = await codes.find('c2');
    expect(consumed?.consumed).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(consumed?.accountId).toBe('7');
    // Consuming what is gone stores nothing.
    await codes.consume('missing');
    expect(await codes.find('missing')).toBeUndefined();
  });

  it('forgets a model at the end of its TTL, and its uid with it', async () => {
    const codes = adapter()('AuthorizationCode');
    const replays = adapter()('ReplayDetection');
    await codes.upsert('c3', { accountId: '7', uid: 'u3' }, 60);
    await replays.upsert('jti-1', { iss: 'platform' }, 120);
    expect((await codes.findByUid('u3'))?.accountId).toBe('7');
    await later(61_000);
    expect(await codes.find('c3')).toBeUndefined();
    expect(await codes.findByUid('u3')).toBeUndefined();
    expect(await replays.find('jti-1')).toEqual({ iss: 'platform' });
    await later(60_000);
    expect(await replays.find('jti-1')).toBeUndefined();
  });

  it("revokes a grant's codes, and only that grant's", async () => {
    const codes = adapter()('AuthorizationCode');
    await codes.upsert('c4', { accountId: '8', grantId: 'g4' }, 300);
    await codes.upsert('c5', { accountId: '8', grantId: 'g4' }, 300);
    await codes.upsert('c6', { accountId: '8', grantId: 'g5' }, 300);
    await codes.revokeByGrantId('g4');
    expect(await codes.find('c4')).toBeUndefined();
    expect(await codes.find('c5')).toBeUndefined();
    expect(await codes.find('c6')).toBeDefined();
  });

  it('keeps sessions, grants and refresh tokens in the database', async () => {
    const sessions = adapter()('Session');
    await sessions.upsert('s9', { uid: 'u9', accountId: '9' }, 60);
    expect(await storedModels('s9')).toEqual([{ model: 'Session' }]);
    expect((await sessions.findByUid('u9'))?.accountId).toBe('9');
  });
});

describe('the provider adapter while Redis does not answer', () => {
  it('answers "start again" (temporarily_unavailable, 503) and never a stale success', async () => {
    // A port nothing listens on: every command fails at once, as in an outage.
    const store = createRedisShortLivedStore('redis://127.0.0.1:1', `oidc-test-${randomUUID()}`);
    await store.connect().catch(() => undefined);
    const interactions = createOidcAdapter(database.db, store)('Interaction');
    const refused = await interactions.find('i1').catch((error: unknown) => error);
    expect(refused).toMatchObject({ error: 'temporarily_unavailable', statusCode: 503 });
    await expect(interactions.upsert('i1', { uid: 'i1' }, 60)).rejects.toMatchObject({
      error: 'temporarily_unavailable',
    });
    expect(store.ready()).toBe(false);
    await store.close();
  });
});
