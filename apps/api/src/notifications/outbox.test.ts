import { createServer, type IncomingMessage, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxMessages, people } from '../db/schema';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createSmtpSink, freePort, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { CLAIM_SECONDS, createOutboxRepository } from './outbox-repository';
import { DELIVER_QUEUE } from './outbox-jobs';
import { personNameKey } from '../registry/name-normalizer';

/** A loopback SMS gateway that keeps what it is asked to send. */
type Gateway = { url: string; received: Record<string, unknown>[]; close(): Promise<void> };
async function startGateway(): Promise<Gateway> {
  const received: Record<string, unknown>[] = [];
  const readBody = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    return JSON.parse(body) as Record<string, unknown>;
  };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push(body);
      response.writeHead(202).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let smtp: SmtpSink;
let gateway: Gateway;
beforeAll(async () => {
  smtp = await createSmtpSink();
  await smtp.start();
  gateway = await startGateway();
  t = await createTestApp({
    BOT_CHECK: 'off',
    SMTP_URL: smtp.url,
    SMS_GATEWAY_URL: gateway.url,
    SMS_GATEWAY_KEY: 'test-key',
    JOB_POLLING_SECONDS: '0.5',
  });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await gateway?.close();
});

const outbox = () => t.app.services.outbox;
const rowOf = async (id: number) => (await createOutboxRepository(t.database.db).byId(id))!;
const insert = (message: typeof outboxMessages.$inferInsert) =>
  createOutboxRepository(t.database.db).insert(message);
const enqueue = (message: typeof outboxMessages.$inferInsert) =>
  t.database.db.transaction((tx) => outbox().enqueue(tx, message));
const waitUntil = async (check: () => Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
};

describe('the outbox', () => {
  it('gives a message one Message-ID, the same on the attempt after a failure', async () => {
    const id = await insert({
      channel: 'email',
      recipient: 'stable.id@example.org',
      subject: 'Uji',
      bodyText: 'Isi',
      template: 'account-details',
    });
    await smtp.stop();
    await expect(outbox().deliver(id)).rejects.toThrow();
    await t.database.db
      .update(outboxMessages)
      .set({ claimedUntil: null })
      .where(eq(outboxMessages.id, id));
    await smtp.start();
    await outbox().deliver(id);
    const mail = await smtp.waitFor('stable.id@example.org');
    expect(mail.messageId).toBe(`<outbox-${id}@belajar.id>`);
    expect((await rowOf(id)).attempts).toBe(2);
  });

  it('never sends a code after it ended, and keeps no code text', async () => {
    const id = await insert({
      channel: 'email',
      recipient: 'late.code@example.org',
      subject: 'Kode',
      bodyText: 'Kode OTP: 123456',
      template: 'reset-code',
      expiresAt: new Date(Date.now() + 5_000),
    });
    await outbox().deliver(id);
    const row = await rowOf(id);
    expect(row.deliveredAt).toBeNull();
    expect(row.attempts).toBe(0);
    expect(row.bodyText).not.toContain('123456');
    expect(row.lastError).toBe('code expired before delivery');
    expect(smtp.messages.some((m) => m.text?.includes('123456'))).toBe(false);
  });

  it('logs each failed attempt with no recipient and no text, and /readyz shows repeated failures', async () => {
    const failing = { via: 'smtp', close: () => undefined, send: vi.fn() };
    failing.send.mockRejectedValue(
      new Error('550 5.1.1 <secret.person@example.org>: Recipient address rejected'),
    );
    const id = await insert({
      channel: 'email',
      recipient: 'secret.person@example.org',
      subject: 'Rahasia',
      bodyText: 'Isi rahasia',
      template: 'account-details',
    });
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => {
      lines.push(line);
    });
    // Three attempts through a transport that always refuses.
    const { createOutboxService } = await import('./outbox-service');
    const broken = createOutboxService({
      db: t.database.db,
      queue: t.app.services.queue,
      email: failing,
      sms: failing,
      backchannel: failing,
      retryDelaySeconds: 1,
      metrics: t.app.services.metrics,
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(broken.deliver(id)).rejects.toThrow();
    }
    spy.mockRestore();
    const logged = lines.filter((line) => line.includes('outbox delivery failed'));
    expect(logged).toHaveLength(3);
    for (const line of logged) {
      expect(JSON.parse(line)).toMatchObject({ outboxId: id, template: 'account-details' });
      expect(line).not.toContain('secret.person');
      expect(line).not.toContain('rahasia');
    }
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().outbox).toEqual({ status: 'failing', failing: 1 });
    await outbox().deliver(id);
    expect((await t.app.inject('/readyz')).json().outbox).toEqual({ status: 'ok', failing: 0 });
  });

  it('retries a message whose worker died within a minute', async () => {
    const queue = await t.app.services.queue.boss.getQueue(DELIVER_QUEUE);
    const supervise = 10;
    // The job expires, supervision finds it, and the first retry waits the retry delay; by then
    // the dead worker's claim on the message has lapsed too.
    expect(queue?.expireInSeconds).toBe(CLAIM_SECONDS);
    expect(CLAIM_SECONDS + supervise + (queue?.retryDelay ?? Infinity)).toBeLessThan(60);
  });

  it('clears an SMS code once the gateway took it, and sends the reference with it', async () => {
    const id = await enqueue({
      channel: 'sms',
      recipient: '081299990000',
      bodyText: 'Kode OTP Akun belajar.id: 654321.',
      template: 'reset-code-sms',
      expiresAt: new Date(Date.now() + 15 * 60_000),
    });
    await waitUntil(async () => (await rowOf(id)).deliveredAt !== null);
    expect(gateway.received).toContainEqual({
      to: '081299990000',
      message: 'Kode OTP Akun belajar.id: 654321.',
      reference: `outbox-${id}`,
    });
    expect((await rowOf(id)).bodyText).not.toContain('654321');
  });

  it('tells a phone-only account of its e-mail change by SMS', async () => {
    const phone = '081377778888';
    await t.database.db
      .update(people)
      .set({ personalEmail: null, phone })
      .where(eq(people.nameKey, personNameKey(FIXTURE.dinas.name)));
    const base = '/belajar-id/account-lookup/v1/lookup';
    const found = await t.app.inject({
      method: 'POST',
      url: `${base}/dinas`,
      payload: {
        regionCode: FIXTURE.dinas.regionCode,
        officeType: FIXTURE.dinas.officeType,
        name: FIXTURE.dinas.name,
        birthDate: FIXTURE.dinas.birthDate,
        motherName: FIXTURE.dinas.motherName,
      },
    });
    const auth = { authorization: `Bearer ${found.json().data.token}` };
    const newEmail = 'fauzi.telepon@example.org';
    const start = await t.app.inject({
      method: 'POST',
      url: `${base}/change-email`,
      headers: auth,
      payload: { email: newEmail },
    });
    expect(start.statusCode).toBe(200);
    const code = /Kode verifikasi Anda: (\d{6})/.exec(
      (await smtp.waitFor(newEmail)).text ?? '',
    )?.[1];
    let approval: string | undefined;
    await waitUntil(async () => {
      const sms = gateway.received.find((body) => body['to'] === phone);
      approval = /: (\d{6})\./.exec(String(sms?.['message'] ?? ''))?.[1];
      return approval !== undefined;
    });
    const confirm = await t.app.inject({
      method: 'POST',
      url: `${base}/change-email/confirm`,
      headers: auth,
      payload: { code, code_current: approval },
    });
    expect(confirm.statusCode).toBe(200);
    await waitUntil(async () =>
      gateway.received.some(
        (body) => body['to'] === phone && String(body['message']).includes('f*****@example.org'),
      ),
    );
  });
});
