import { isNotNull, count } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema';
import { createSmtpSink } from '../src/test-support/smtp-sink';
import { createTestApp } from '../src/test-support/test-app';

// SMTP down for minutes while mail is queued: everything is delivered once it is
// back, nothing twice. FAULT_MESSAGES (default 1000) and FAULT_DOWN_SECONDS (default 180).
const MESSAGES = Number(process.env['FAULT_MESSAGES'] ?? 1000);
const DOWN_SECONDS = Number(process.env['FAULT_DOWN_SECONDS'] ?? 180);
// A minute for the probe, then the sending of every message waiting.
const RESUME_LIMIT_SECONDS = 120;
const BATCH = 100;

it(`delivers ${MESSAGES} messages queued while SMTP was down ${DOWN_SECONDS} s, each once`, async () => {
  // The sink's port is chosen but nothing listens there yet: every attempt is refused.
  const sink = await createSmtpSink();
  const t = await createTestApp({
    SMTP_URL: sink.url,
    JOB_POLLING_SECONDS: '0.5',
    OUTBOX_RETRY_DELAY_SECONDS: '2',
    LOG_LEVEL: 'error',
  });
  try {
    const { outbox } = t.app.services;
    for (let first = 0; first < MESSAGES; first += BATCH) {
      await t.database.db.transaction(async (tx) => {
        for (let i = first; i < Math.min(first + BATCH, MESSAGES); i += 1) {
          await outbox.enqueue(tx, {
            channel: 'email',
            recipient: `orang${i}@example.org`,
            subject: 'Informasi Akun belajar.id',
            bodyText: `Pesan uji nomor ${i}.`,
            template: 'account-details',
          });
        }
      });
    }
    const delivered = async () =>
      Number(
        (
          await t.database.db
            .select({ n: count() })
            .from(outboxMessages)
            .where(isNotNull(outboxMessages.deliveredAt))
        )[0]?.n ?? 0,
      );
    await sleep(DOWN_SECONDS * 1000);
    expect(await delivered()).toBe(0);

    const back = Date.now();
    await sink.start();
    // Retries back off (exponentially, at most 30 min apart), but once the transport takes a
    // message again, the probe of every minute or the next retry brings every waiting one
    // forward: all out within two minutes of its return, however long it was away.
    const deadline = back + RESUME_LIMIT_SECONDS * 1000;
    while ((await delivered()) < MESSAGES && Date.now() < deadline) await sleep(1000);
    const seconds = Math.round((Date.now() - back) / 1000);
    console.log(`faults: ${MESSAGES} messages delivered ${seconds} s after SMTP came back`);
    expect(await delivered()).toBe(MESSAGES);
    const ids = sink.messages.map((mail) => mail.messageId);
    expect(ids).toHaveLength(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
  } finally {
    await t.close();
    await sink.stop();
  }
});
