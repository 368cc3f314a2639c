import { eq, sql } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { SIGN_IN_MESSAGES, SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import { learningAccounts } from '../db/schema';
import { createOneTimeCodesRepository } from '../one-time-codes/one-time-codes-repository';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import type { TestApp } from '../test-support/test-app';
import { createBrowser, postPassword, signIn, startSignIn } from '../test-support/platform-sign-in';
import { rowsOf } from '../db/rows-of';

// DESIGN.md: 10 wrong passwords for an account in 15 minutes lock it for 15, answered exactly
// like a wrong password; limits per IP; every attempt audited without personal data.

const PASSWORD = TEACHER_PASSWORD;
const [sdAccount, smpAccount] = FIXTURE.teacher.accounts as [string, string];
const LIMIT_PER_IP = 5;
let t: TestApp;
let rp: client.Configuration;
let teacherId: number;
let address = 0;
// Each attempt from its own address unless a test says otherwise: the lockout is what stops a
// guesser with many addresses.
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  let ids: Record<string, number>;
  ({ t, rp, ids } = await createSignInTestApp({
    SIGN_IN_LIMIT_PER_IP_PER_MINUTE: String(LIMIT_PER_IP),
  }));
  teacherId = ids['teacher']!;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  for (const table of ['code_wrong_entries', 'code_locks', 'audit_events'])
    await t.database.db.execute(sql.raw(`DELETE FROM ${table}`));
});

async function attempt(email: string, password: string, ip = nextAddress()) {
  const visitor = createBrowser(t.app, t.config.oidc.issuer);
  const { uid } = await startSignIn(rp, t.config, visitor);
  const started = performance.now();
  const reply = await postPassword(visitor, t.config, uid, { email, password }, ip);
  return { reply, ms: performance.now() - started };
}

describe('the lockout', () => {
  it('answers an unknown account, a wrong password and a locked account alike, never faster than the floor', async () => {
    const unknown = await attempt('tidak.ada@belajar.id', PASSWORD);
    const wrong = await attempt(sdAccount, 'salah-sandi-1');
    for (let i = 1; i < SIGN_IN_POLICY.maxWrongPasswords; i += 1)
      expect((await attempt(sdAccount, `salah-sandi-${i + 1}`)).reply.statusCode).toBe(401);
    // Locked now: the right password gets the same answer.
    const locked = await attempt(sdAccount, PASSWORD);
    for (const { reply, ms } of [unknown, wrong, locked]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.body).toBe(unknown.reply.body);
      expect(reply.headers['content-type']).toBe(unknown.reply.headers['content-type']);
      expect(ms).toBeGreaterThanOrEqual(SIGN_IN_POLICY.answerFloorMs - 5);
    }
    expect(unknown.reply.json().message).toBe(SIGN_IN_MESSAGES.failed);
  });

  it('locks the account after the tenth wrong password in the window, for the lock time', async () => {
    const locks = async () => {
      await t.app.services.metrics.text();
      const metric = t.app.services.metrics.registry.getSingleMetric('portal_sign_in_locks_total');
      return (
        (await metric!.get()).values.find((v) => v.labels['account'] === 'learning')?.value ?? 0
      );
    };
    const locksBefore = await locks();
    for (let i = 0; i < SIGN_IN_POLICY.maxWrongPasswords - 1; i += 1)
      await attempt(sdAccount, `salah-${i}`);
    // Nine wrong: the right password still opens.
    expect((await attempt(sdAccount, PASSWORD)).reply.statusCode).toBe(200);
    await attempt(sdAccount, 'salah-terakhir');
    expect((await attempt(sdAccount, PASSWORD)).reply.statusCode).toBe(401);
    // Counted once for the dashboards' lock rate, by kind of account only.
    expect(await locks()).toBe(locksBefore + 1);
    // The person's other account too: the count and the lock are the person's (decision 0232).
    expect((await attempt(smpAccount, PASSWORD)).reply.statusCode).toBe(401);

    const [lock] = await rowsOf<{ minutes: number }>(
      t.database.db,
      sql`SELECT round(extract(epoch from locked_until - now()) / 60)::int AS minutes
          FROM code_locks WHERE person_id = ${teacherId} AND flow = 'sign-in'`,
    );
    expect(lock!.minutes).toBe(SIGN_IN_POLICY.lockMinutes);

    await t.database.db.execute(
      sql`UPDATE code_locks SET locked_until = now() - interval '1 second' WHERE flow = 'sign-in'`,
    );
    expect((await attempt(sdAccount, PASSWORD)).reply.statusCode).toBe(200);
  });

  it('counts only the wrong passwords of the window', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxWrongPasswords - 1; i += 1)
      await attempt(sdAccount, `salah-${i}`);
    await t.database.db.execute(
      sql`UPDATE code_wrong_entries SET entered_at = entered_at - make_interval(mins => ${SIGN_IN_POLICY.wrongWindowMinutes})`,
    );
    await attempt(sdAccount, 'salah-baru');
    expect((await attempt(sdAccount, PASSWORD)).reply.statusCode).toBe(200);
  });

  it('neither locks nor counts toward the one-time code flows', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxWrongPasswords; i += 1)
      await attempt(sdAccount, `salah-${i}`);
    await t.database.db.transaction(async (tx) => {
      const codes = createOneTimeCodesRepository(tx);
      expect(await codes.lockedSeconds(teacherId, ['reset', '*'])).toBe(0);
      expect(await codes.recordWrongEntry(teacherId, 'reset', 2)).toBe(1);
    });
  });

  it('audits every attempt and the lock by keyed hash and internal id only', async () => {
    await attempt('tidak.ada@belajar.id', PASSWORD, '10.9.9.9');
    for (let i = 0; i < SIGN_IN_POLICY.maxWrongPasswords; i += 1)
      await attempt(sdAccount, `salah-${i}`);
    await attempt(sdAccount, PASSWORD);
    await t.app.services.audit.flush();
    const rows = await rowsOf<Record<string, unknown>>(
      t.database.db,
      sql`SELECT action, outcome, person_id, user_type, ip_hash, target_hash FROM audit_events ORDER BY id`,
    );
    const outcomes = rows.map((row) => `${row['action']} ${row['outcome']}`);
    expect(outcomes.filter((o) => o === 'sign-in wrong-password')).toHaveLength(
      SIGN_IN_POLICY.maxWrongPasswords,
    );
    expect(outcomes).toContain('sign-in unknown-account');
    expect(outcomes.filter((o) => o === 'sign-in-lock locked')).toHaveLength(1);
    expect(outcomes.at(-1)).toBe('sign-in locked');
    const known = rows.filter((row) => row['person_id'] !== null);
    expect(known.every((row) => Number(row['person_id']) === teacherId)).toBe(true);
    const dump = JSON.stringify(rows);
    for (const personal of [sdAccount, 'tidak.ada', '10.9.9.9', FIXTURE.teacher.name, PASSWORD])
      expect(dump).not.toContain(personal);
    expect(rows[0]!['target_hash']).toBe(t.app.services.audit.hash('tidak.ada@belajar.id'));
    // Nor do the logs carry the address or the password.
    for (const personal of [sdAccount, 'tidak.ada@belajar.id', PASSWORD, 'salah-0'])
      expect(t.logs()).not.toContain(personal);
  });
});

describe('the limit per address', () => {
  it('answers 429 past the limit a minute, whatever the account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT_PER_IP; i += 1)
      statuses.push((await attempt(`orang${i}@belajar.id`, 'x', '10.200.0.1')).reply.statusCode);
    // Past a few failures the address must solve the bot check; the limit counts every attempt.
    const before = SIGN_IN_POLICY.botCheckAfterFailures;
    expect(statuses.slice(0, before).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(before, LIMIT_PER_IP).every((status) => status === 400)).toBe(true);
    const last = await attempt(sdAccount, PASSWORD, '10.200.0.1');
    expect(last.reply.statusCode).toBe(429);
    expect(last.reply.json().message).toBe(ERROR_MESSAGES.rateLimited);
    expect(Number(last.reply.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await attempt(sdAccount, PASSWORD)).reply.statusCode).toBe(200);
  });
});

describe('a signed-in account', () => {
  it('gets tokens through the flow after a right password', async () => {
    const visitor = createBrowser(t.app, t.config.oidc.issuer);
    const tokens = await signIn(rp, t.config, visitor, { email: sdAccount, password: PASSWORD });
    const [row] = await t.database.db
      .select({ id: learningAccounts.id })
      .from(learningAccounts)
      .where(eq(learningAccounts.email, sdAccount));
    expect(tokens.claims()?.sub).toBe(String(row!.id));
  });
});
