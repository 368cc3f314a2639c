import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createOidcAdapter, revokeAccountSignIns } from './oidc-adapter';
import { createMemoryShortLivedStore } from './oidc-adapter-short-lived';
import { createTestDatabase } from '../test-support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the provider adapter on the portal database', () => {
  it('stores, finds, consumes and destroys by model and id', async () => {
    const adapter = createOidcAdapter(database.db, createMemoryShortLivedStore());
    const codes = adapter('RefreshToken');
    const tokens = adapter('AccessToken');
    await codes.upsert('c1', { accountId: '7', grantId: 'g1', kind: 'RefreshToken' }, 300);
    expect(await codes.find('c1')).toEqual({
      accountId: '7',
      grantId: 'g1',
      kind: 'RefreshToken',
    });
    // Same id, another model: another row.
    expect(await tokens.find('c1')).toBeUndefined();

    await codes.consume('c1');
    const consumed = await codes.find('c1');
    expect(consumed?.consumed).toBeGreaterThan(Date.now() / 1000 - 60);

    await codes.upsert('c1', { accountId: '7', grantId: 'g1', scope: 'openid' }, 300);
    expect((await codes.find('c1'))?.scope).toBe('openid');
    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
  });

  it('finds nothing past its expiry', async () => {
    const sessions = createOidcAdapter(database.db, createMemoryShortLivedStore())('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: '7' }, 60);
    expect((await sessions.findByUid('u1'))?.accountId).toBe('7');
    await database.db.execute(
      sql`UPDATE oidc_models SET expires_at = now() - interval '1 second' WHERE id = 's1'`,
    );
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it("revokes a grant's artefacts of its model, and every artefact of an account", async () => {
    const adapter = createOidcAdapter(database.db, createMemoryShortLivedStore());
    const refresh = adapter('RefreshToken');
    const access = adapter('AccessToken');
    await refresh.upsert('r1', { accountId: '8', grantId: 'g2' }, 600);
    await refresh.upsert('r2', { accountId: '8', grantId: 'g3' }, 600);
    await access.upsert('a1', { accountId: '8', grantId: 'g2' }, 600);
    await access.upsert('a2', { accountId: '9', grantId: 'g4' }, 600);

    await refresh.revokeByGrantId('g2');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toBeDefined();
    expect(await access.find('a1')).toBeDefined();

    await database.db.transaction((tx) => revokeAccountSignIns(tx, '8'));
    expect(await refresh.find('r2')).toBeUndefined();
    expect(await access.find('a1')).toBeUndefined();
    expect(await access.find('a2')).toBeDefined();
  });
});
