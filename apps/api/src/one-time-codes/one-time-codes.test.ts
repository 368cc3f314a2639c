import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_POLICY } from '@portal/contracts/one-time-codes';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { buildApp } from '../app';
import { outboxMessages } from '../db/schema';
import { createRateLimitStore } from '../counters/rate-limit-store';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Every code flow against one policy: a new session or request never brings fresh guesses or
// sends, and the counts live in the database, not in one process.

const lookupBase = '/belajar-id/account-lookup/v1/lookup';
const resetBase = `${lookupBase}/self-reset-password`;
const teacherAccount = FIXTURE.teacher.accounts[0]!;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ BOT_CHECK: 'off', LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '100' });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  for (const table of ['code_sends', 'code_locks', 'code_wrong_entries', 'outbox_messages'])
    await t.database.db.execute(sql.raw(`DELETE FROM ${table}`));
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const passCooldown = () =>
  t.database.db.execute(sql`UPDATE code_sends SET sent_at = sent_at - interval '61 seconds'`);

/** A verify and a code sent by e-mail for the teacher's account, after the cooldown. */
async function sendResetCode() {
  await passCooldown();
  const verified = await post(`${resetBase}/verify`, {
    belajaridEmail: teacherAccount,
    dob: FIXTURE.teacher.birthDate,
  });
  return post(`${resetBase}/send-otp`, { token: verified.json().data.token, metode: 'email' });
}

async function resetSession(): Promise<string> {
  const send = await sendResetCode();
  expect(send.statusCode).toBe(200);
  return send.json().data.session_id as string;
}

async function lookupToken(): Promise<string> {
  const reply = await post(`${lookupBase}/ptk`, {
    npsn: FIXTURE.sd.npsn,
    name: FIXTURE.teacher.typed,
    birthDate: FIXTURE.teacher.birthDate,
    motherName: FIXTURE.teacher.typedMother,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().data.token as string;
}

describe('one-time codes across flows', () => {
  it('count wrong entries per person across sessions, then lock every code flow', async () => {
    const statuses: number[] = [];
    // Fewer than a code's own limit in each session: only the count per person can stop this.
    for (let session = 0; session < 3; session += 1) {
      const sessionId = await resetSession();
      for (let i = 0; i < CODE_POLICY.maxWrongCodes - 1; i += 1) {
        const reply = await post(`${resetBase}/validate-otp`, {
          session_id: sessionId,
          otp: '000000',
        });
        statuses.push(reply.statusCode);
        if (reply.statusCode === 429)
          expect(reply.json().message).toBe(RESET_MESSAGES.wrongCodesLocked(2));
      }
    }
    const wrongBeforeLock = CODE_POLICY.maxWrongPerPerson - 1;
    expect(statuses.slice(0, wrongBeforeLock)).toEqual(Array(wrongBeforeLock).fill(400));
    expect(statuses.slice(wrongBeforeLock)).toEqual(
      Array(statuses.length - wrongBeforeLock).fill(429),
    );

    // No new code by any flow, whatever the session.
    const send = await sendResetCode();
    expect(send.statusCode).toBe(429);
    expect(Number(send.headers['retry-after'])).toBeGreaterThan(7000);
    const token = await lookupToken();
    const change = await post(
      `${lookupBase}/change-email`,
      { email: 'baru@example.org' },
      { authorization: `Bearer ${token}` },
    );
    expect(change.statusCode).toBe(429);
  });

  it('hold the cooldown and the hourly cap of the details flow in the database, across a restart', async () => {
    const token = await lookupToken();
    const details = (app = t.app) =>
      app.inject({
        method: 'POST',
        url: `${lookupBase}/request-password?method=email`,
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
    expect((await details()).statusCode).toBe(200);
    const again = await details();
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Tunggu (59|60) detik/);
    for (let i = 1; i < CODE_POLICY.maxSendsPerHour; i += 1) {
      await passCooldown();
      expect((await details()).statusCode).toBe(200);
    }
    await passCooldown();
    expect((await details()).statusCode).toBe(429);

    // Another process on the same database (a restart, another instance) sees the same lock.
    await passCooldown();
    const rateLimit = await createRateLimitStore(undefined, 'rl-restarted');
    const restarted = await buildApp({ config: t.config, database: t.database, rateLimit });
    try {
      const reply = await details(restarted);
      expect(reply.statusCode).toBe(429);
      expect(reply.json().message).toBe(RESET_MESSAGES.lockedHours(2));
    } finally {
      await restarted.close();
      await rateLimit.close();
    }
  });

  it('cap the messages an hour to one inbox, whoever asks', async () => {
    await t.database.db.insert(outboxMessages).values(
      Array.from({ length: CODE_POLICY.maxMessagesPerRecipientPerHour }, () => ({
        channel: 'email' as const,
        recipient: FIXTURE.teacher.email,
        bodyText: 'earlier message',
        template: 'account-details',
        deliveredAt: new Date(),
      })),
    );
    const token = await lookupToken();
    const reply = await post(
      `${lookupBase}/request-password?method=email`,
      {},
      { authorization: `Bearer ${token}` },
    );
    expect(reply.statusCode).toBe(429);
  });
});
