import { sql } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STATISTICS_MESSAGES, STATISTICS_PATHS } from '@portal/contracts/statistics';
import { OPERATIONAL_DATE_MESSAGES } from '@portal/contracts/operational-dates';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import {
  auditEvents,
  officeAccountRequests,
  privateUploads,
  referralCodes,
  regions,
  trackingEvents,
} from '../db/schema';
import { discoverClient } from '../test-support/platform-sign-in';
import { staffAccessToken } from '../test-support/staff-sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { rowsOf } from '../db/rows-of';

const api = '/belajar-id';
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  const rp: client.Configuration = await discoverClient(t.app, t.config);
  staff = await staffAccessToken(t, rp, `analis@${t.config.staffDomain}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // Each test starts from empty raw tables and figures (the staff sign-in left audit rows).
  await t.database.db.execute(
    sql`TRUNCATE tracking_events, audit_events, daily_metrics, statistics_watermarks`,
  );
});

// 2026-03-01 in Jakarta (UTC+7) runs from 2026-02-28T17:00Z to 2026-03-01T17:00Z.
const MARCH_1 = new Date('2026-03-01T03:00:00Z');
const LAST_SECOND_OF_MARCH_1 = new Date('2026-03-01T16:59:59Z');
const MARCH_2 = new Date('2026-03-01T17:00:00Z');

const audit = (action: string, outcome: string, occurredAt: Date, times = 1) =>
  Array.from({ length: times }, () => ({ action, outcome, occurredAt }));

const trackingEvent = (eventName: string, receivedAt: Date) => ({
  eventName,
  deviceId: 'device-1234',
  sessionId: 'session-1234',
  pageUrl: 'http://localhost/',
  deviceType: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  // A client's clock may be anything: the day is the server's.
  occurredAt: new Date('2020-01-01T00:00:00Z'),
  receivedAt,
  attributes: [],
});

async function figures() {
  const rows = await rowsOf<{ day: string; metric: string; count: number }>(
    t.database.db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, count::int AS count FROM daily_metrics`,
  );
  return Object.fromEntries(rows.map((row) => [`${row.day} ${row.metric}`, row.count]));
}

async function recordFunnels() {
  await t.database.db.insert(auditEvents).values([
    // March 1: 4 lookups past the bot check (1 refused by it), 2 found, 1 sent, 1 e-mail changed.
    ...audit('lookup', 'found', MARCH_1, 2),
    ...audit('lookup', 'not-found', MARCH_1),
    ...audit('lookup', 'no-account', LAST_SECOND_OF_MARCH_1),
    ...audit('lookup', 'bot-check-failed', MARCH_1),
    ...audit('request-details', 'queued-email', MARCH_1),
    ...audit('request-details', 'refused', MARCH_1),
    ...audit('change-email', 'codes-sent', MARCH_1),
    ...audit('change-email', 'confirmed', MARCH_1),
    // A change from the profile is no step of the lookup's funnel.
    ...audit('change-email', 'confirmed-signed-in', MARCH_1),
    // March 2: the reset funnel and sign-ins.
    ...audit('reset-verify', 'eligible', MARCH_2, 2),
    ...audit('reset-verify', 'no-match', MARCH_2),
    ...audit('reset-send', 'queued-email', MARCH_2),
    ...audit('reset-send', 'queued-phone', MARCH_2),
    ...audit('reset-validate', 'wrong', MARCH_2),
    ...audit('reset-validate', 'verified', MARCH_2),
    ...audit('reset-password', 'changed', MARCH_2),
    ...audit('sign-in', 'signed-in', MARCH_2, 3),
    ...audit('sign-in', 'wrong-password', MARCH_2, 2),
    ...audit('sign-in', 'unknown-account', MARCH_2),
    ...audit('sign-in', 'locked', MARCH_2),
    ...audit('sign-in-lock', 'locked', MARCH_2),
  ]);
  await t.database.db
    .insert(trackingEvents)
    .values([
      trackingEvent('PAGE_VIEWED', MARCH_1),
      trackingEvent('PAGE_VIEWED', MARCH_2),
      trackingEvent('ACCOUNT_LOOKUP_INITIATED', MARCH_2),
    ]);
}

const statistics = (query: string, token?: string) =>
  t.app.inject({
    url: `${api}${STATISTICS_PATHS.console}?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('the statistics aggregation', () => {
  it('counts events and audit outcomes per Jakarta day and metric, once however often it runs', async () => {
    await recordFunnels();
    await t.app.services.statistics.aggregateStatistics();
    const counted = await figures();
    expect(counted).toMatchObject({
      '2026-03-01 audit:lookup:found': 2,
      '2026-03-01 audit:lookup:no-account': 1,
      '2026-03-02 audit:sign-in:signed-in': 3,
      '2026-03-01 event:PAGE_VIEWED': 1,
      '2026-03-02 event:PAGE_VIEWED': 1,
      '2026-03-02 event:ACCOUNT_LOOKUP_INITIATED': 1,
    });
    // Another run, and rows recorded since: only those are added.
    await t.app.services.statistics.aggregateStatistics();
    expect(await figures()).toEqual(counted);
    await t.database.db.insert(auditEvents).values(audit('lookup', 'found', MARCH_1));
    await t.app.services.statistics.aggregateStatistics();
    expect((await figures())['2026-03-01 audit:lookup:found']).toBe(3);
  });

  it('leaves rows younger than the settling time for a later run', async () => {
    await t.database.db
      .insert(auditEvents)
      .values([...audit('lookup', 'found', MARCH_1), ...audit('lookup', 'found', new Date())]);
    await t.database.db.insert(trackingEvents).values(trackingEvent('CLICKED', new Date()));
    await t.app.services.statistics.aggregateStatistics();
    expect(await figures()).toEqual({ '2026-03-01 audit:lookup:found': 1 });
    await t.app.services.statistics.aggregateStatistics({ settleSeconds: 0 });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    expect(await figures()).toEqual({
      '2026-03-01 audit:lookup:found': 1,
      [`${today} audit:lookup:found`]: 1,
      [`${today} event:CLICKED`]: 1,
    });
  });

  it('catches up batch after batch, and two runs at once count each row once', async () => {
    await t.database.db.insert(auditEvents).values(audit('lookup', 'found', MARCH_1, 25));
    await Promise.all([
      t.app.services.statistics.aggregateStatistics({ batchSize: 4 }),
      t.app.services.statistics.aggregateStatistics({ batchSize: 7 }),
    ]);
    expect(await figures()).toEqual({ '2026-03-01 audit:lookup:found': 25 });
  });
});

describe('the statistics API', () => {
  it('answers staff with the daily funnels, events by name and sign-ins', async () => {
    await recordFunnels();
    await t.app.services.statistics.aggregateStatistics();
    const reply = await statistics('from=2026-02-28&to=2026-03-02', staff);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { data } = reply.json();
    const days = ['2026-02-28', '2026-03-01', '2026-03-02'];
    expect(data.lookupFunnel).toEqual({
      days,
      series: [
        { key: 'initiated', counts: [0, 4, 0] },
        { key: 'found', counts: [0, 2, 0] },
        { key: 'detailsSent', counts: [0, 1, 0] },
        { key: 'emailChanged', counts: [0, 1, 0] },
      ],
    });
    expect(data.resetFunnel.series).toEqual([
      { key: 'initiated', counts: [0, 0, 3] },
      { key: 'codeSent', counts: [0, 0, 2] },
      { key: 'codeRight', counts: [0, 0, 1] },
      { key: 'passwordSet', counts: [0, 0, 1] },
    ]);
    expect(data.signIns.series).toEqual([
      { key: 'signedIn', counts: [0, 0, 3] },
      { key: 'wrongPassword', counts: [0, 0, 3] },
      { key: 'refusedLocked', counts: [0, 0, 1] },
      { key: 'locks', counts: [0, 0, 1] },
    ]);
    expect(data.events.series).toEqual([
      { key: 'ACCOUNT_LOOKUP_INITIATED', counts: [0, 0, 1] },
      { key: 'PAGE_VIEWED', counts: [0, 1, 1] },
    ]);
  });

  it('counts office requests waiting for review by how long they have waited', async () => {
    const { db } = t.database;
    await db
      .insert(regions)
      .values({ code: '32', level: 'province', name: 'Jawa Barat' })
      .onConflictDoNothing();
    const [code] = await db
      .insert(referralCodes)
      .values({ code: 'STATISTIK2026', maxUses: 10 })
      .returning();
    await db
      .insert(privateUploads)
      .values({ id: 'statistik-letter', storageKey: 'x', bytes: 1, pages: 1 });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000);
    const request = (key: string, createdAt: Date, status: 'submitted' | 'approved') => ({
      requestKey: key,
      fullName: 'Nama',
      nik: '3273014506800001',
      birthDate: '1980-06-05',
      motherName: 'Ibu',
      email: `${key}@example.com`,
      phone: '081298765432',
      regionCode: '32',
      officeType: 'provinsi' as const,
      position: 'lainnya',
      referralCodeId: code!.id,
      letterSubject: 'Surat',
      letterNumber: '1',
      platforms: [],
      letterUploadId: 'statistik-letter',
      passwordHash: 'x',
      status,
      createdAt,
    });
    await db
      .insert(officeAccountRequests)
      .values([
        request('a', daysAgo(0), 'submitted'),
        request('b', daysAgo(5), 'submitted'),
        request('c', daysAgo(20), 'submitted'),
        request('d', daysAgo(30), 'approved'),
      ]);
    const reply = await statistics('from=2026-03-01&to=2026-03-01', staff);
    expect(reply.json().data.reviewBacklog).toEqual({
      pending: 3,
      oldestDays: 20,
      buckets: [
        { key: 'days0to2', count: 1 },
        { key: 'days3to7', count: 1 },
        { key: 'days8to14', count: 0 },
        { key: 'days15Plus', count: 1 },
      ],
    });
  });

  it('is for staff only, and refuses a bad range in Indonesian', async () => {
    expect((await statistics('from=2026-03-01&to=2026-03-02')).statusCode).toBe(401);
    const cases = [
      ['from=2026-03-02&to=2026-03-01', STATISTICS_MESSAGES.rangeReversed],
      ['from=2025-01-01&to=2026-01-02', STATISTICS_MESSAGES.rangeTooLong],
      ['from=2026-02-30&to=2026-03-01', 'Tanggal Tidak Valid'],
      ['to=2026-03-01', 'Wajib Diisi'],
      // PostgreSQL has no year 0000: a 400, not the database's error.
      ['from=0000-01-01&to=0000-01-01', ERROR_MESSAGES.dataInvalid],
      ['from=1999-12-31&to=2000-01-01', OPERATIONAL_DATE_MESSAGES.outOfRange],
      ['from=2100-12-31&to=2101-01-01', OPERATIONAL_DATE_MESSAGES.outOfRange],
    ] as const;
    for (const [query, message] of cases) {
      const reply = await statistics(query, staff);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toBe(message);
    }
    // 366 days, a leap year's, is the longest range.
    expect((await statistics('from=2024-01-01&to=2024-12-31', staff)).statusCode).toBe(200);
  });

  it('shows anyone the two funnels only, cacheable, without sign-in', async () => {
    await recordFunnels();
    await t.app.services.statistics.aggregateStatistics();
    const reply = await t.app.inject({
      url: `${api}${STATISTICS_PATHS.public}?from=2026-03-01&to=2026-03-02`,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=300');
    const { data } = reply.json();
    expect(Object.keys(data)).toEqual(['lookupFunnel', 'resetFunnel']);
    expect(data.lookupFunnel.series[0]).toEqual({ key: 'initiated', counts: [4, 0] });
    const bad = await t.app.inject({
      url: `${api}${STATISTICS_PATHS.public}?from=2026-03-02&to=2026-03-01`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(STATISTICS_MESSAGES.rangeReversed);
    const yearZero = await t.app.inject({
      url: `${api}${STATISTICS_PATHS.public}?from=0000-01-01&to=0000-01-01`,
    });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().errors).toEqual([
      { field: 'from', message: OPERATIONAL_DATE_MESSAGES.outOfRange },
      { field: 'to', message: OPERATIONAL_DATE_MESSAGES.outOfRange },
    ]);
  });
});
