import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  // A cheap proof of work keeps the test fast; the check itself is the same.
  t = await createTestApp({ BOT_CHECK: 'on', BOT_CHECK_COST: '1' });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
});

const form = {
  npsn: FIXTURE.sd.npsn,
  name: FIXTURE.teacher.name,
  birthDate: FIXTURE.teacher.birthDate,
  motherName: FIXTURE.teacher.motherName,
};

/** Does what the widget does in the browser: fetch a challenge, solve it, encode the payload. */
async function solvedPayload(): Promise<string> {
  const reply = await t.app.inject('/belajar-id/bot-check/v1/challenge');
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['cache-control']).toBe('no-store');
  const challenge = reply.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const lookup = (altcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/belajar-id/account-lookup/v1/lookup/ptk',
    payload: { ...form, ...(altcha ? { altcha } : {}) },
  });

describe('bot check (ALTCHA)', () => {
  it('refuses a lookup without a solved challenge, in Indonesian', async () => {
    const reply = await lookup();
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(
      'Verifikasi keamanan gagal. Muat ulang halaman lalu coba lagi.',
    );
    expect(reply.json().errors[0].field).toBe('altcha');
    expect((await lookup('bm90LWEtcGF5bG9hZA==')).statusCode).toBe(400);
  });

  it('accepts a solved challenge once, and refuses it replayed', async () => {
    const payload = await solvedPayload();
    const first = await lookup(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.accounts).toHaveLength(2);
    const replay = await lookup(payload);
    expect(replay.statusCode).toBe(400);
  });

  it('refuses a challenge signed with another secret', async () => {
    const other = await createTestApp({
      BOT_CHECK: 'on',
      BOT_CHECK_COST: '1',
      BOT_CHECK_SECRET: 'some-other-portal-secret',
    });
    try {
      const reply = await other.app.inject('/belajar-id/bot-check/v1/challenge');
      const challenge = reply.json() as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const forged = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      expect((await lookup(forged)).statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });
});
