import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

const url = '/belajar-id/account-lookup/v1/lookup/ptk';
const payload = {
  npsn: '20212345',
  name: 'Nama Siapa Saja',
  birthDate: '1990-01-01',
  motherName: 'Ibu Siapa Saja',
};

const lookupsFrom = async (t: TestApp, forwarded: (i: number) => Record<string, string>) => {
  const statuses: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const reply = await t.app.inject({ method: 'POST', url, payload, headers: forwarded(i) });
    statuses.push(reply.statusCode);
  }
  return statuses;
};

describe('client addresses', () => {
  let untrusting: TestApp;
  let trusting: TestApp;
  beforeAll(async () => {
    const limits = { BOT_CHECK: 'off', LOOKUP_LIMIT_PER_IP_PER_MINUTE: '2' };
    // Production without TRUST_PROXY trusts no proxy.
    untrusting = await createTestApp(limits, (config) => ({ ...config, env: 'production' }));
    trusting = await createTestApp({ ...limits, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await untrusting?.close();
    await trusting?.close();
  });

  it('ignore X-Forwarded-For from a proxy that configuration does not name', async () => {
    const statuses = await lookupsFrom(untrusting, (i) => ({
      'x-forwarded-for': `203.0.113.${i + 1}`,
    }));
    expect(statuses).toEqual([404, 404, 429]);
  });

  it('take the client from X-Forwarded-For when the proxy is named', async () => {
    const statuses = await lookupsFrom(trusting, (i) => ({
      'x-forwarded-for': `203.0.113.${i + 1}`,
    }));
    expect(statuses).toEqual([404, 404, 404]);
  });
});
