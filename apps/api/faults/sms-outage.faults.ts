import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema';
import { createSmtpSink, freePort } from '../src/test-support/smtp-sink';
import { createTestApp } from '../src/test-support/test-app';

// The SMS gateway failing for minutes while text messages are queued: it answers
// 503 to every message, then comes back; everything is delivered, each message once (by its
// reference). FAULT_MESSAGES (default 1000) and FAULT_DOWN_SECONDS (default 180).
const MESSAGES = Number(process.env['FAULT_MESSAGES'] ?? 1000);
const DOWN_SECONDS = Number(process.env['FAULT_DOWN_SECONDS'] ?? 180);
// A minute for the probe, then the sending of every message waiting.
const RESUME_LIMIT_SECONDS = 120;
const BATCH = 100;

/** A loopback gateway that refuses with 503 while `down`, and keeps what it accepts. */
async function startGateway() {
  const state = { down: true, refused: 0, accepted: [] as string[] };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (state.down) {
        state.refused += 1;
        response.writeHead(503).end();
        return;
      }
      state.accepted.push((JSON.parse(body) as { reference: string }).reference);
      response.writeHead(202).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/send`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

it(`delivers ${MESSAGES} text messages queued while the SMS gateway failed ${DOWN_SECONDS} s, each once`, async () => {
  const gateway = await startGateway();
  const smtp = await createSmtpSink();
  await smtp.start();
  const t = await createTestApp({
    SMTP_URL: smtp.url,
    SMS_GATEWAY_URL: gateway.url,
    SMS_GATEWAY_KEY: 'fault-suite-key',
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
            channel: 'sms',
            recipient: `+62812${String(i).padStart(7, '0')}`,
            subject: '',
            bodyText: `Pesan uji nomor ${i}.`,
            template: 'account-details-sms',
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
    expect(gateway.state.refused).toBeGreaterThanOrEqual(MESSAGES);

    const back = Date.now();
    gateway.state.down = false;
    // Retries back off (exponentially, at most 30 min apart), but once the transport takes a
    // message again, the probe of every minute or the next retry brings every waiting one
    // forward: all out within two minutes of its return, however long it was away.
    const deadline = back + RESUME_LIMIT_SECONDS * 1000;
    while ((await delivered()) < MESSAGES && Date.now() < deadline) await sleep(1000);
    const seconds = Math.round((Date.now() - back) / 1000);
    console.log(
      `faults: ${MESSAGES} text messages delivered ${seconds} s after the gateway came back (${gateway.state.refused} attempts refused meanwhile)`,
    );
    expect(await delivered()).toBe(MESSAGES);
    expect(gateway.state.accepted).toHaveLength(MESSAGES);
    expect(new Set(gateway.state.accepted).size).toBe(MESSAGES);
  } finally {
    await t.close();
    await smtp.stop();
    await gateway.close();
  }
});
