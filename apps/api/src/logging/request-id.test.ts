import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSmsGatewayTransport } from '../notifications/sms-gateway';
import { TEACHER_LOOKUP_FORM } from '../test-support/mailed-test-app';
import { loadRegistryFixture } from '../test-support/registry-fixture';
import { createSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { runForRequest } from './request-id';

const base = '/belajar-id/account-lookup/v1/lookup';
const UUID = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/;

type Line = { msg?: string; reqId?: string; req?: { route?: string } };
const linesOf = (text: string): Line[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

// SMTP never started: every delivery fails, and its job says so in a log line.
let smtpDown: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  smtpDown = await createSmtpSink();
  t = await createTestApp({
    BOT_CHECK: 'off',
    SMTP_URL: smtpDown.url,
    JOB_POLLING_SECONDS: '0.5',
    OUTBOX_RETRY_DELAY_SECONDS: '60',
  });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
});

/** The request id of every log line of the request the app answered to `route`. */
const requestIdsOf = (route: string): string[] => {
  const lines = linesOf(t.logs());
  const ids = new Set(lines.filter((line) => line.req?.route === route).map((l) => l.reqId));
  return [...ids].filter((id): id is string => id !== undefined);
};

describe('the request id', () => {
  it("is nginx's x-request-id when it is a plain short id, and a new UUID otherwise", async () => {
    const given = {
      nginx: '3f2a9c0d8e7b6a5f4e3d2c1b0a998877',
      uuid: '0b6f1e0c-5c3a-4f7e-9d2b-8a1c4e6f2d31',
      tooLong: 'a'.repeat(65),
      control: 'abc\tdef',
      json: '{"level":60,"msg":"forged"}',
      spaced: 'id with spaces',
      empty: '',
    };
    // A refused lookup (400): a short request that still writes its lines.
    const send = async (headers: Record<string, string>) => {
      const reply = await t.app.inject({
        method: 'POST',
        url: `${base}/ptk`,
        headers,
        payload: {},
      });
      expect(reply.statusCode).toBe(400);
      return requestIdsOf(`${base}/ptk`).at(-1);
    };
    const seen: Record<string, string | undefined> = {};
    for (const [name, header] of Object.entries(given))
      seen[name] = await send({ 'x-request-id': header });
    const none = await send({});

    expect(seen['nginx']).toBe(given.nginx);
    expect(seen['uuid']).toBe(given.uuid);
    for (const name of ['tooLong', 'control', 'json', 'spaced', 'empty'])
      expect(seen[name]).toMatch(UUID);
    expect(none).toMatch(UUID);
    // A fresh id each time: never one instance's counter, which another instance repeats.
    expect(new Set([seen['tooLong'], seen['control'], seen['json'], none]).size).toBe(4);
    expect(t.logs()).not.toContain('forged');
  });

  it('goes with the job a request queues: its delivery logs the same id as the request', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => {
      lines.push(line);
    });
    try {
      // Over a real socket, not inject: the body arrives by the socket's events, as in production.
      const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const found = await fetch(`${origin}${base}/ptk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(TEACHER_LOOKUP_FORM),
      });
      expect(found.status).toBe(200);
      const { data } = (await found.json()) as { data: { token: string } };
      // The body in two packets, the second after a pause: it is then read in the socket's
      // callbacks, as a slow client's is.
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const sent = request(
          `${origin}${base}/request-password`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${data.token}`,
              'content-type': 'application/json',
              'content-length': '2',
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        );
        sent.on('error', reject);
        sent.write('{');
        setTimeout(() => sent.end('}'), 200);
      });
      expect(status).toBe(200);
      for (let i = 0; i < 200 && !lines.some((l) => l.includes('outbox delivery failed')); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      spy.mockRestore();
    }

    const lookupId = requestIdsOf(`${base}/ptk`).at(-1);
    const requestIds = requestIdsOf(`${base}/request-password`);
    expect(requestIds).toHaveLength(1);
    const [requestId] = requestIds;
    expect(requestId).toMatch(UUID);
    expect(requestId).not.toBe(lookupId);

    const failed = lines
      .filter((line) => line.includes('outbox delivery failed'))
      .map((line) => JSON.parse(line) as Line & { template?: string });
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatchObject({ reqId: requestId, template: 'account-details' });
  });
});

describe('a call to another service', () => {
  let server: Server;
  let url: string;
  const received: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(request.headers);
      request.resume();
      request.on('end', () => response.writeHead(202).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('sends the id of the request (or job) it is made for, and none outside any', async () => {
    const gateway = createSmsGatewayTransport(url, 'key');
    const message = { to: '081200000000', subject: '', text: 'Uji', reference: 'outbox-1' };
    await runForRequest('3f2a9c0d8e7b6a5f4e3d2c1b0a998877', () => gateway.send(message));
    await gateway.send(message);
    expect(received.map((headers) => headers['x-request-id'])).toEqual([
      '3f2a9c0d8e7b6a5f4e3d2c1b0a998877',
      undefined,
    ]);
  });
});
