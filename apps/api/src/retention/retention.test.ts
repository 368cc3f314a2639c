import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { auditEvents, oidcModels, outboxMessages, trackingEvents } from '../db/schema';
import { createRetentionRepository } from './retention-repository';
import { rowsOf } from '../db/rows-of';
import { createTestDatabase } from '../test-support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const event = (occurredAt: Date) => ({
  eventName: 'PAGE_VIEWED',
  deviceId: 'device-1234',
  sessionId: 'session-1234',
  pageUrl: 'http://localhost/',
  deviceType: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  occurredAt,
  attributes: [],
});
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('retention', () => {
  it('keeps usage data 12 months, security records 90 days and delivered mail 30 days, as the privacy policy says', async () => {
    const { db } = database;
    await db.insert(trackingEvents).values([event(daysAgo(370)), event(daysAgo(300))]);
    await db.insert(auditEvents).values([
      { action: 'lookup', outcome: 'found', occurredAt: daysAgo(91) },
      { action: 'lookup', outcome: 'found', occurredAt: daysAgo(89) },
    ]);
    await db.insert(outboxMessages).values([
      {
        channel: 'email',
        recipient: 'a@example.com',
        bodyText: 'x',
        template: 't',
        deliveredAt: daysAgo(31),
      },
      {
        channel: 'email',
        recipient: 'b@example.com',
        bodyText: 'x',
        template: 't',
        deliveredAt: daysAgo(29),
      },
      // Never delivered: kept, however old (nothing a user asked for is dropped).
      {
        channel: 'email',
        recipient: 'c@example.com',
        bodyText: 'x',
        template: 't',
        createdAt: daysAgo(60),
      },
    ]);
    await db.insert(oidcModels).values([
      { model: 'Session', id: 'gone', payload: {}, expiresAt: daysAgo(1) },
      { model: 'Session', id: 'live', payload: {}, expiresAt: daysAgo(-1) },
    ]);
    const removed = await createRetentionRepository(db).purgeExpired();
    expect(removed['sign-in sessions, codes and tokens (expired)']).toBe(1);
    expect(removed['tracking events (12 months)']).toBe(1);
    expect(removed['audit events (90 days)']).toBe(1);
    expect(removed['delivered messages (30 days)']).toBe(1);
    const [left] = await rowsOf(
      db,
      sql`SELECT
      (SELECT count(*) FROM tracking_events)::int AS tracking,
      (SELECT count(*) FROM audit_events)::int AS audit,
      (SELECT count(*) FROM outbox_messages)::int AS outbox`,
    );
    expect(left).toEqual({
      tracking: 1,
      audit: 1,
      outbox: 2,
    });
  });
});
