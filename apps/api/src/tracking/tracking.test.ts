import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKER_NAME, type TrackingEvent } from '@portal/contracts/tracking';
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
          { key: 'note', value: 'contact me at siti@example.com' },
          { key: 'button', value: 'cari-akun' },
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
    expect(attributes.find((a) => a.key === 'button')?.value).toBe('cari-akun');
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
          expect(reply.json().error.code).toBe('RATE_LIMITED');
        }
      }
      expect(limited).toBe(5);
    } finally {
      await other.close();
    }
  });
});
