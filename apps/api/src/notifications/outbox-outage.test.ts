import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../db/rows-of';
import { createSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { DELIVER_QUEUE } from './outbox-jobs';
import { createOutboxRepository } from './outbox-repository';

// A retry delay far longer than the test: a message still waiting it out after the mail server
// returned would make the test time out, not pass slowly.
const RETRY_DELAY_SECONDS = 600;
const MESSAGES = 5;

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await createSmtpSink();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    JOB_POLLING_SECONDS: '0.5',
    OUTBOX_RETRY_DELAY_SECONDS: String(RETRY_DELAY_SECONDS),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const outbox = () => t.app.services.outbox;
const rowOf = (id: number) => createOutboxRepository(t.database.db).byId(id);
const recipient = (i: number) => `after.outage.${i}@example.org`;

describe('mail after an outage', () => {
  it('delivers everything queued during the outage once the server answers, each message once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ids: number[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      ids.push(
        await t.database.db.transaction((tx) =>
          outbox().enqueue(tx, {
            channel: 'email',
            recipient: recipient(i),
            subject: 'Uji',
            bodyText: 'Isi',
            template: 'account-details',
          }),
        ),
      );
    }
    // The server is down: every message fails its first attempt and waits out the delay.
    await vi.waitFor(
      async () => {
        for (const id of ids) expect((await rowOf(id))?.lastError).toBeTruthy();
      },
      { timeout: 60_000, interval: 200 },
    );

    await smtp.start();
    await outbox().resumeAfterOutage();
    await vi.waitFor(
      async () => {
        for (const id of ids) expect((await rowOf(id))?.deliveredAt).toBeTruthy();
      },
      { timeout: 30_000, interval: 200 },
    );
    // No delivery job left to run again, so nothing arrives twice later.
    await vi.waitFor(
      async () => {
        const [left] = await rowsOf<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM pgboss.job
              WHERE name = ${DELIVER_QUEUE} AND state IN ('created', 'retry', 'active')`,
        );
        expect(left?.n).toBe(0);
      },
      { timeout: 30_000, interval: 200 },
    );
    const received = smtp.messages.map((mail) => mail.messageId);
    expect(received).toHaveLength(MESSAGES);
    expect(new Set(received).size).toBe(MESSAGES);
  });

  it('leaves the waiting messages alone while the server is still down', async () => {
    await smtp.stop();
    const id = await t.database.db.transaction((tx) =>
      outbox().enqueue(tx, {
        channel: 'email',
        recipient: recipient(99),
        subject: 'Uji',
        bodyText: 'Isi',
        template: 'account-details',
      }),
    );
    await vi.waitFor(async () => expect((await rowOf(id))?.lastError).toBeTruthy(), {
      timeout: 60_000,
      interval: 200,
    });
    await outbox().resumeAfterOutage();
    const [job] = await rowsOf<{ state: string; waits: boolean }>(
      t.database.db,
      sql`SELECT state, start_after > now() + interval '60 seconds' AS waits FROM pgboss.job
          WHERE name = ${DELIVER_QUEUE} AND (data->>'id')::bigint = ${id}`,
    );
    expect(job).toEqual({ state: 'retry', waits: true });
    expect((await rowOf(id))?.deliveredAt).toBeNull();
  });
});
