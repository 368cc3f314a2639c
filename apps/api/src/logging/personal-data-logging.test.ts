import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESET_PATHS } from '@portal/contracts/password-reset';
import { TRACKER_NAME } from '@portal/contracts/tracking-client';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Synthetic personal data, sent everywhere a request can carry it.
const PERSON = {
  name: 'Rahmawati Kusumaningrum',
  email: 'rahmawati.kusuma@example.co.id',
  birthDate: '1987-03-14',
  nik: '3273015403870001',
  motherName: 'Sulastri Wijayanti',
};
const VALUES = Object.values(PERSON);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace', BOT_CHECK: 'off' });
});
afterAll(async () => {
  await t?.close();
});

describe('logs', () => {
  it('never contain names, e-mails, birth dates or NIK, whatever a request carries', async () => {
    const query = new URLSearchParams(PERSON).toString();
    await t.app.inject({ method: 'GET', url: `/belajar-id/remote-config/v1/config?${query}` });
    await t.app.inject({ method: 'GET', url: `/belajar-id/lookup/unknown?${query}` });
    await t.app.inject({
      method: 'POST',
      url: `/belajar-id/event-tracker/v1/events?${query}`,
      headers: { authorization: `Bearer ${PERSON.email}`, cookie: `email=${PERSON.email}` },
      payload: { event_name: TRACKER_NAME, data: JSON.stringify(PERSON) },
    });
    await t.app.inject({
      method: 'POST',
      url: '/belajar-id/event-tracker/v1/events',
      headers: { 'content-type': 'application/json' },
      payload: `{"broken": "${PERSON.name}`,
    });
    t.app.log.info(
      { person: PERSON, body: { nik: PERSON.nik, email: PERSON.email } },
      'a careless log line',
    );
    const loop: Record<string, unknown> = { email: PERSON.email, schoolCount: 3 };
    loop['self'] = loop;
    t.app.log.info(
      {
        deep: { a: { b: { c: { d: { motherName: PERSON.motherName, schoolId: 42 } } } } },
        people: [{ birthDate: PERSON.birthDate }, [{ name: PERSON.name }]],
        loop,
      },
      'a careless log line, nested',
    );
    t.app.log.child({ email: PERSON.email }).info('a careless child logger');

    const logs = t.logs();
    expect(logs.split('\n').filter(Boolean).length).toBeGreaterThan(8);
    for (const value of VALUES) expect(logs).not.toContain(value);
    expect(logs).toContain('"route":"/belajar-id/event-tracker/v1/events"');
    // What is not personal survives, however deep.
    expect(logs).toContain('"schoolId":42');
    expect(logs).toContain('"schoolCount":3');
  });

  it('name a failed statement and its code, never the values it was given', async () => {
    // A schema the code does not expect: every query of learning accounts now fails.
    await t.database.db.execute(
      sql`ALTER TABLE learning_accounts RENAME COLUMN status TO status_gone`,
    );
    try {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/belajar-id${RESET_PATHS.verify}`,
        payload: { belajaridEmail: PERSON.email, dob: PERSON.birthDate },
      });
      expect(reply.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(
        sql`ALTER TABLE learning_accounts RENAME COLUMN status_gone TO status`,
      );
    }
    const logs = t.logs();
    for (const value of VALUES) expect(logs).not.toContain(value);
    expect(logs).toContain('"code":"42703"');
    expect(logs).toContain('"statement":"select learning_accounts"');
  });
});
