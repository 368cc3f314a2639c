import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrackingEvent } from '@portal/contracts/tracking';
import { TRACKER_NAME } from '@portal/contracts/tracking-client';
import { trackingEvents } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = '/belajar-id/event-tracker/v1/events';
const authorization = `Basic ${Buffer.from('portal-web:dev-only-event-tracker-secret').toString('base64')}`;

const event = (overrides: Partial<TrackingEvent> = {}): TrackingEvent => ({
  device_id: 'device-0001-abcd',
  session_id: 'session-0001-abcd',
  page_url: 'http://localhost:3000/account/lookup/v2?name=Siti#x',
  referrer: '',
  device_type: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  timestamp: '2026-11-22T03:00:00.000Z',
  event_name: 'PAGE_VIEWED',
  attributes: [],
  ...overrides,
});

const send = (data: unknown, headers: Record<string, string> = { authorization }) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    payload: { event_name: TRACKER_NAME, data: JSON.stringify(data) },
  });

describe('event tracker', () => {
  it('refuses a request without the client credentials', async () => {
    const reply = await send(event(), {});
    expect(reply.statusCode).toBe(401);
    const wrong = await send(event(), {
      authorization: `Basic ${Buffer.from('x:y').toString('base64')}`,
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses events that do not match the contract with a 400 naming the field', async () => {
    const reply = await send({ ...event(), event_name: 'NOT_AN_EVENT' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0].field).toBe('data.event_name');
    const notJson = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization },
      payload: { event_name: TRACKER_NAME, data: '{not json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('stores a batch at once, with personal attributes replaced by a keyed hash and URLs stripped', async () => {
    const reply = await send([
      event({
        event_name: 'PASSWORD_SEARCH_SUBMITTED',
        attributes: [
          { key: 'email', value: 'siti.aminah@belajar.id' },
          { key: 'dob', value: '2010-05-17' },
          { key: 'from', value: 'contact me at siti@example.com' },
          { key: 'target', value: 'cari-akun' },
        ],
      }),
      event({ event_name: 'CLICKED', attributes: [{ key: 'target', value: 'hero-cek-akun' }] }),
    ]);
    expect(reply.statusCode).toBe(202);
    expect(reply.json()).toEqual({ accepted: 2 });

    const rows = await t.database.db.select().from(trackingEvents);
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('siti');
    expect(stored).not.toContain('2010-05-17');
    expect(stored).not.toContain('?name=');
    const search = rows.find((row) => row.eventName === 'PASSWORD_SEARCH_SUBMITTED');
    expect(search?.pageUrl).toBe('http://localhost:3000/account/lookup/v2');
    const attributes = search?.attributes as { key: string; value: string }[];
    expect(attributes.find((a) => a.key === 'email')?.value).toMatch(/^hmac:[0-9a-f]{64}$/);
    expect(attributes.find((a) => a.key === 'target')?.value).toBe('cari-akun');
    // The same e-mail always gives the same hash, so journeys can be counted without the address.
    const again = await send(
      event({ attributes: [{ key: 'email', value: 'SITI.AMINAH@belajar.id ' }] }),
    );
    expect(again.statusCode).toBe(202);
    const all = await t.database.db.select().from(trackingEvents);
    const hashes = all.flatMap((row) =>
      (row.attributes as { key: string; value: string }[]).filter((a) => a.key === 'email'),
    );
    expect(new Set(hashes.map((a) => a.value)).size).toBe(1);
  });

  it('answers 400, never 5xx, to NUL characters and lone surrogates, raw or escaped', async () => {
    const before = (await t.database.db.select().from(trackingEvents)).length;
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00y']) {
      const raw = await send(event({ attributes: [{ key: 'target', value: bad }] }));
      expect(raw.statusCode, JSON.stringify(bad)).toBe(400);
      expect(raw.json().errors[0].message).toBe(
        'Data peristiwa berisi karakter yang tidak diizinkan.',
      );
    }
    // An escape in the JSON text, and a NUL in a key.
    const escaped = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization },
      payload: {
        event_name: TRACKER_NAME,
        data: JSON.stringify(event()).replace(
          '"PAGE_VIEWED"',
          '"PAGE_VIEWED","x\\u0000":"\\ud800"',
        ),
      },
    });
    expect(escaped.statusCode).toBe(400);
    expect((await t.database.db.select().from(trackingEvents)).length).toBe(before);
  });

  it('answers 400, never 5xx, to a device clock outside the operational days', async () => {
    const before = (await t.database.db.select().from(trackingEvents)).length;
    // PostgreSQL has no year 0000: a 400, not the database's error.
    for (const timestamp of ['0000-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z']) {
      const reply = await send(event({ timestamp }));
      expect(reply.statusCode, timestamp).toBe(400);
      expect(reply.json().errors[0].field).toBe('data.timestamp');
    }
    expect((await t.database.db.select().from(trackingEvents)).length).toBe(before);
  });

  it('drops keys off the allowlist and hashes values that look personal under any key', async () => {
    const personal = [
      '28/02/2001',
      '28.02.2001',
      '2001/2/28',
      '28 Februari 2001',
      '28 feb 2001',
      '0812-3456-7890',
      '+62 812 3456 7890',
      '6281234567890',
    ];
    const reply = await send(
      event({
        event_name: 'CLICKED',
        attributes: [
          { key: 'free_text', value: 'anything at all' },
          ...personal.map((value) => ({ key: 'target', value })),
          { key: 'target', value: 'hero-cek-akun' },
        ],
      }),
    );
    expect(reply.statusCode).toBe(202);
    const rows = await t.database.db.select().from(trackingEvents);
    const stored = rows.at(-1)?.attributes as { key: string; value: string }[];
    expect(stored.map((a) => a.key)).not.toContain('free_text');
    expect(stored.filter((a) => /^hmac:/.test(a.value))).toHaveLength(personal.length);
    expect(stored.find((a) => a.value === 'hero-cek-akun')).toBeDefined();
    for (const value of personal) expect(JSON.stringify(rows)).not.toContain(value);
  });

  it('keeps the number of students a school asked accounts for, and nothing but a number', async () => {
    const reply = await send([
      event({
        event_name: 'PD_ACCOUNT_REQUEST_INITIATED',
        attributes: [{ key: 'students', value: '37' }],
      }),
      event({
        event_name: 'PD_ACCOUNT_REQUEST_INITIATED',
        attributes: [
          { key: 'students', value: 'Siti Rahmawati, Andi Nugroho' },
          { key: 'students', value: '0765320594' },
        ],
      }),
    ]);
    expect(reply.statusCode).toBe(202);
    const rows = (await t.database.db.select().from(trackingEvents)).slice(-2);
    expect(rows.map((row) => row.attributes)).toEqual([[{ key: 'students', value: '37' }], []]);
    expect(JSON.stringify(rows)).not.toContain('Siti');
  });

  it('stores nothing of a batch with one bad event', async () => {
    const before = (await t.database.db.select().from(trackingEvents)).length;
    const reply = await send([event(), { ...event(), device_type: 'fridge' }]);
    expect(reply.statusCode).toBe(400);
    expect((await t.database.db.select().from(trackingEvents)).length).toBe(before);
  });

  it('rate-limits one address', async () => {
    const other = await createTestApp();
    try {
      let limited = 0;
      for (let i = 0; i < 125; i += 1) {
        const reply = await other.app.inject({
          method: 'POST',
          url,
          headers: { authorization },
          payload: { event_name: TRACKER_NAME, data: '{}' },
        });
        if (reply.statusCode === 429) {
          limited += 1;
          expect(reply.json().error).toMatchObject({
            code: 'RATE_LIMITED',
            id: 'rate_limited',
            retry_after: Number(reply.headers['retry-after']),
          });
        }
      }
      expect(limited).toBe(5);
    } finally {
      await other.close();
    }
  });
});
