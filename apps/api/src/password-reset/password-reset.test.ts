import { createHash } from 'node:crypto';
import { verify as argonVerify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  learningAccounts,
  oneTimeCodes,
  outboxMessages,
  passwordResetSessions,
} from '../db/schema';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';

const base = '/belajar-id/account-lookup/v1/lookup/self-reset-password';
const teacherAccount = FIXTURE.teacher.accounts[0]!;
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await createSmtpSink();
  await smtp.start();
  t = await createTestApp({
    BOT_CHECK: 'off',
    SMTP_URL: smtp.url,
    JOB_POLLING_SECONDS: '0.5',
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '50',
  });
  await loadRegistryFixture(t.database);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const post = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${base}${path}`, payload });
const verifyAccount = (email: string, dob: string) =>
  post('/verify', { belajaridEmail: email, dob });

/** Pretends the last code of every account was sent long ago, so the cooldown has passed. */
const passCooldown = () =>
  t.database.db.execute(sql`UPDATE code_sends SET sent_at = sent_at - interval '61 seconds'`);

async function codeFromMail(count: number): Promise<{ code: string; link: string }> {
  const until = Date.now() + 30_000;
  for (;;) {
    const mails = smtp.messages.filter((m) => m.subject?.startsWith('Kode OTP atur ulang'));
    const mail = mails[count - 1];
    if (mail) {
      const code = /: (\d{6})\n/.exec(mail.text ?? '')?.[1] ?? '';
      const link = /(http\S+\/reset-password\/otp#\S+)/.exec(mail.text ?? '')?.[1] ?? '';
      return { code, link };
    }
    if (Date.now() > until) throw new Error('no code mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let sent = 0;
async function startReset(): Promise<{
  token: string;
  sessionId: string;
  code: string;
  link: string;
}> {
  await passCooldown();
  const verified = await verifyAccount(teacherAccount, FIXTURE.teacher.birthDate);
  expect(verified.statusCode).toBe(200);
  const token = verified.json().data.token as string;
  const send = await post('/send-otp', { token, metode: 'email' });
  expect(send.statusCode).toBe(200);
  sent += 1;
  return { token, sessionId: send.json().data.session_id, ...(await codeFromMail(sent)) };
}

describe('verify', () => {
  it('answers the masked contacts of an account whose birth date matches', async () => {
    const reply = await verifyAccount(teacherAccount.toUpperCase(), FIXTURE.teacher.birthDate);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toMatchObject({
      email: 'd*****@example.com',
      email_eligible: true,
      phone: '********890',
      phone_eligible: true,
    });
    expect(data.token).toMatch(/^[\w-]{43}$/);
  });

  it('answers the same way for no account, a wrong birth date and no contacts', async () => {
    const shapes: string[] = [];
    for (const [email, dob] of [
      ['tidak.ada@belajar.id', '1985-04-12'],
      [teacherAccount, '1985-04-13'],
      [FIXTURE.student.accounts[0]!, FIXTURE.student.birthDate],
    ] as const) {
      const reply = await verifyAccount(email, dob);
      expect(reply.statusCode).toBe(200);
      const { token, ...rest } = reply.json().data;
      expect(token).toMatch(/^[\w-]{43}$/);
      shapes.push(JSON.stringify(rest));
    }
    expect(new Set(shapes).size).toBe(1);
    expect(JSON.parse(shapes[0]!)).toEqual({
      email: null,
      email_eligible: false,
      phone: null,
      phone_eligible: false,
    });
  });

  it('takes as long for a found account as for a missing one', async () => {
    // Its own app with the production floor: the other tests skip the wait.
    const timed = await createTestApp({ BOT_CHECK: 'off' }, (config) => ({
      ...config,
      resetVerifyMinMs: 400,
    }));
    try {
      await loadRegistryFixture(timed.database);
      const time = async (email: string, dob: string) => {
        const started = performance.now();
        const reply = await timed.app.inject({
          method: 'POST',
          url: `${base}/verify`,
          payload: { belajaridEmail: email, dob },
        });
        expect(reply.statusCode).toBe(200);
        return performance.now() - started;
      };
      const found: number[] = [];
      const missing: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        found.push(await time(teacherAccount, FIXTURE.teacher.birthDate));
        missing.push(await time('tidak.ada@belajar.id', '1985-04-12'));
      }
      // Every answer waits for the floor, which is longer than either lookup takes on its own.
      for (const ms of [...found, ...missing]) expect(ms).toBeGreaterThanOrEqual(390);
      // The quickest of each kind: a busy machine slows single answers, not all of them, so
      // what is left is the difference the answer itself would give away.
      expect(Math.abs(Math.min(...found) - Math.min(...missing))).toBeLessThan(200);
    } finally {
      await timed.close();
    }
  });

  it('checks the fields in Indonesian', async () => {
    const reply = await post('/verify', { belajaridEmail: 'bukan-email', dob: '' });
    expect(reply.statusCode).toBe(400);
    const messages = reply.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['Format email tidak valid.', 'Wajib Diisi']));
    expect(reply.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      id: 'validation_failed',
    });
  });

  it('refuses a code for a session without eligible contact, as for no account', async () => {
    const token = (await verifyAccount('tidak.ada@belajar.id', '1985-04-12')).json().data.token;
    const reply = await post('/send-otp', { token, metode: 'email' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.message).toBe('Data email belum terdaftar di Dapodik.');
    expect(reply.json().error.id).toBe('no_personal_email');
  });
});

describe('one-time code', () => {
  // Each test starts with an account that has sent nothing this hour.
  beforeEach(async () => {
    await t.database.db.execute(sql`DELETE FROM code_sends`);
    await t.database.db.execute(sql`DELETE FROM code_locks`);
    await t.database.db.execute(sql`DELETE FROM code_wrong_entries`);
  });

  it('is 6 digits from the mail, stored only as a hash, single use, and opens the new password', async () => {
    const { sessionId, code, link } = await startReset();
    expect(code).toMatch(/^\d{6}$/);
    expect(link).toContain(
      `/reset-password/otp#sesi=${encodeURIComponent(sessionId)}&kode=${code}`,
    );
    const rows = await t.database.db.select().from(passwordResetSessions);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(sessionId);
    // Once on its way, the outbox copy of the code is gone too.
    let stored = '';
    for (let i = 0; i < 50; i += 1) {
      stored = JSON.stringify(
        await t.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.template, 'reset-code')),
      );
      if (!stored.includes(code)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stored).not.toContain(code);
    expect(stored).toContain('(isi dihapus setelah terkirim)');

    const ok = await post('/validate-otp', { session_id: sessionId, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ verified: true, expires_in: 900 });
    const reused = await post('/validate-otp', { session_id: sessionId, otp: code });
    expect(reused.statusCode).toBe(400);

    const common = await post('', {
      session_id: sessionId,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(
      'Kata sandi ini terlalu umum dan mudah ditebak. Pilih kata sandi lain.',
    );
    expect(common.json().error.id).toBe('reset_password_common');
    const short = await post('', {
      session_id: sessionId,
      password: 'Ab3$xyz',
      password_confirmation: 'Ab3$xyz',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Kata sandi minimal 8 karakter.');
    expect(short.json().error.id).toBe('validation_failed');
    const mismatch = await post('', {
      session_id: sessionId,
      password: 'Langit biru di Bandung',
      password_confirmation: 'Langit biru',
    });
    expect(mismatch.json().errors[0].field).toBe('password_confirmation');
    const tooLong = 'x'.repeat(129);
    expect(short.json().errors).toEqual([
      { field: 'password', message: 'Kata sandi minimal 8 karakter.' },
    ]);
    expect(
      (
        await post('', { session_id: sessionId, password: tooLong, password_confirmation: tooLong })
      ).json().message,
    ).toBe('Kata sandi maksimal 128 karakter.');

    const newPassword = 'Langit biru di Bandung 🌤';
    const done = await post('', {
      session_id: sessionId,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(done.statusCode).toBe(200);
    const [account] = await t.database.db
      .select()
      .from(learningAccounts)
      .where(eq(learningAccounts.email, teacherAccount));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argonVerify(account!.passwordHash!, newPassword)).toBe(true);
    const notice = await smtp.waitFor(
      FIXTURE.teacher.email,
      (m) => m.subject?.includes('Kata sandi') ?? false,
    );
    expect(notice.text).toContain(teacherAccount);
    expect(notice.text).not.toContain(newPassword);
    // The session is finished: it cannot set another password.
    expect(
      (
        await post('', {
          session_id: sessionId,
          password: 'Hujan deras sore ini',
          password_confirmation: 'Hujan deras sore ini',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses the current password as the new one (the initial one while it must be changed)', async () => {
    const current = 'Kata sandi dari sekolah 2026';
    await t.database.db
      .update(learningAccounts)
      .set({ passwordHash: await t.app.services.hasher.hash(current), mustChangePassword: true })
      .where(eq(learningAccounts.email, teacherAccount));
    const { sessionId, code } = await startReset();
    expect((await post('/validate-otp', { session_id: sessionId, otp: code })).statusCode).toBe(
      200,
    );
    const same = await post('', {
      session_id: sessionId,
      password: current,
      password_confirmation: current,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(RESET_MESSAGES.passwordReused);
    expect(same.json().error.id).toBe('reset_password_reused');
    expect(same.json().errors).toEqual([
      { field: 'password', message: RESET_MESSAGES.passwordReused },
    ]);
    const [account] = await t.database.db
      .select()
      .from(learningAccounts)
      .where(eq(learningAccounts.email, teacherAccount));
    expect(await argonVerify(account!.passwordHash!, current)).toBe(true);
    expect(account?.mustChangePassword).toBe(true);
    // Another password is taken by the same session.
    const other = 'Sungai jernih di Malang';
    const done = await post('', {
      session_id: sessionId,
      password: other,
      password_confirmation: other,
    });
    expect(done.statusCode).toBe(200);
  });

  it('is bound to its session', async () => {
    const first = await startReset();
    const other = await startReset();
    expect(
      (await post('/validate-otp', { session_id: other.sessionId, otp: first.code })).statusCode,
    ).toBe(400);
    // A resend in the same session replaces its id and code: the old ones open nothing.
    await passCooldown();
    const resend = await post('/send-otp', { token: first.token, metode: 'email' });
    sent += 1;
    const fresh = await codeFromMail(sent);
    expect(
      (await post('/validate-otp', { session_id: first.sessionId, otp: first.code })).statusCode,
    ).toBe(401);
    expect(
      (await post('/validate-otp', { session_id: resend.json().data.session_id, otp: first.code }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/validate-otp', { session_id: resend.json().data.session_id, otp: fresh.code }))
        .statusCode,
    ).toBe(200);
  });

  it('ends after 5 wrong entries, and a resend does not reset the count', async () => {
    const { token, sessionId, code } = await startReset();
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: { message: string; error: Record<string, unknown> }[] = [];
    for (let i = 0; i < 3; i += 1)
      answers.push((await post('/validate-otp', { session_id: sessionId, otp: wrong })).json());
    expect(answers.map((answer) => answer.message)).toEqual([
      'Kode OTP salah. Sisa percobaan: 4.',
      'Kode OTP salah. Sisa percobaan: 3.',
      'Kode OTP salah. Sisa percobaan: 2.',
    ]);
    expect(answers.map(({ error }) => [error['id'], error['attempts_left']])).toEqual([
      ['reset_code_invalid', 4],
      ['reset_code_invalid', 3],
      ['reset_code_invalid', 2],
    ]);

    await passCooldown();
    const resend = await post('/send-otp', { token, metode: 'email' });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data.attempts_left).toBe(2);
    sent += 1;
    const again = await codeFromMail(sent);
    const newSession = resend.json().data.session_id as string;
    const wrongAgain = again.code === '000000' ? '111111' : '000000';
    expect(
      (await post('/validate-otp', { session_id: newSession, otp: wrongAgain })).json().message,
    ).toBe('Kode OTP salah. Sisa percobaan: 1.');
    const usedUp = (
      await post('/validate-otp', { session_id: newSession, otp: wrongAgain })
    ).json();
    expect(usedUp.message).toBe('Kode OTP salah 5 kali. Silakan mulai lagi dari awal.');
    expect(usedUp.error).toMatchObject({ id: 'reset_attempts_used_up', attempts_left: 0 });
    // The right code no longer helps, and no new code is sent for this session.
    expect(
      (await post('/validate-otp', { session_id: newSession, otp: again.code })).statusCode,
    ).toBe(400);
    await passCooldown();
    const noMore = await post('/send-otp', { token, metode: 'email' });
    expect(noMore.statusCode).toBe(400);
    expect(noMore.json().error).toMatchObject({ id: 'reset_attempts_used_up', attempts_left: 0 });
  });

  it('expires: 30 minutes by e-mail', async () => {
    const { sessionId, code } = await startReset();
    await t.database.db.execute(
      sql`UPDATE one_time_codes SET expires_at = now() - interval '1 second'`,
    );
    const reply = await post('/validate-otp', { session_id: sessionId, otp: code });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Kode OTP sudah tidak berlaku. Minta kode baru.');
    expect(reply.json().error.id).toBe('reset_code_expired');
    await passCooldown();
    const before = Date.now();
    const { token } = await startReset();
    const [session] = await t.database.db
      .select()
      .from(passwordResetSessions)
      .where(eq(passwordResetSessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    const [stored] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.binding, `reset:${session!.id}`));
    const lifetime = stored!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(29.9 * 60_000);
    expect(lifetime).toBeLessThan(30.5 * 60_000);
  });

  it('by phone lives 10 minutes, goes through the SMS adapter, and only while REQUEST_PASSWORD_BY_PHONE is on', async () => {
    await passCooldown();
    const token = (await verifyAccount(teacherAccount, FIXTURE.teacher.birthDate)).json().data
      .token;
    const reply = await post('/send-otp', { token, metode: 'phone' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      metode: 'phone',
      sent_to: '********890',
      expires_in: 600,
    });
    const messages = (await t.app.inject('/dev/mailbox/messages')).json().messages as {
      channel: string;
      recipient: string;
      bodyText: string;
    }[];
    const sms = messages.find((m) => m.channel === 'sms');
    expect(sms?.recipient).toBe(FIXTURE.teacher.phone);
    expect(sms?.bodyText).toMatch(/Kode OTP Akun belajar\.id: \d{6}\. Berlaku 10 menit/);

    await t.app.services.featureToggles.setToggle('REQUEST_PASSWORD_BY_PHONE', false);
    try {
      const off = await verifyAccount(teacherAccount, FIXTURE.teacher.birthDate);
      expect(off.json().data.phone_eligible).toBe(false);
      await passCooldown();
      expect(
        (await post('/send-otp', { token: off.json().data.token, metode: 'phone' })).statusCode,
      ).toBe(400);
    } finally {
      await t.app.services.featureToggles.setToggle('REQUEST_PASSWORD_BY_PHONE', true);
    }
  });

  it('sends by phone after the toggle cache has lapsed since the verify', async () => {
    await passCooldown();
    const token = (await verifyAccount(teacherAccount, FIXTURE.teacher.birthDate)).json().data
      .token;
    // Writing a toggle empties the cache, as its expiry does when a person takes a while.
    await t.app.services.featureToggles.setToggle('REQUEST_PASSWORD_BY_PHONE', true);
    const reply = await post('/send-otp', { token, metode: 'phone' });
    expect(reply.statusCode).toBe(200);
  }, 10_000);

  it('tells an account with only a phone on file of the new password by SMS', async () => {
    await t.database.db.execute(
      sql`UPDATE people SET personal_email = NULL WHERE phone = ${FIXTURE.teacher.phone}`,
    );
    try {
      const token = (await verifyAccount(teacherAccount, FIXTURE.teacher.birthDate)).json().data
        .token;
      const send = await post('/send-otp', { token, metode: 'phone' });
      expect(send.statusCode).toBe(200);
      const sessionId = send.json().data.session_id as string;
      const [sms] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.template, 'reset-code-sms'))
        .orderBy(sql`${outboxMessages.id} DESC`)
        .limit(1);
      const code = /: (\d{6})\./.exec(sms?.bodyText ?? '')?.[1] ?? '';
      expect((await post('/validate-otp', { session_id: sessionId, otp: code })).statusCode).toBe(
        200,
      );
      const password = 'Sawah hijau di Garut';
      const done = await post('', {
        session_id: sessionId,
        password,
        password_confirmation: password,
      });
      expect(done.statusCode).toBe(200);
      const notices = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.template, 'password-changed-notice-sms'));
      expect(notices.map((n) => n.recipient)).toEqual([FIXTURE.teacher.phone]);
      expect(notices[0]?.bodyText).toContain(teacherAccount);
    } finally {
      await t.database.db.execute(
        sql`UPDATE people SET personal_email = ${FIXTURE.teacher.email} WHERE phone = ${FIXTURE.teacher.phone}`,
      );
    }
  });

  it('waits 60 seconds between sends, with the seconds left in the answer', async () => {
    const { token } = await startReset();
    const reply = await post('/send-otp', { token, metode: 'email' });
    expect(reply.statusCode).toBe(429);
    expect(reply.json().error.message).toMatch(
      /^Tunggu (59|60) detik sebelum meminta kode baru\.$/,
    );
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(55);
    // The seconds of the text, the header and the body are one number.
    const { error } = reply.json();
    expect(error).toMatchObject({ code: 'RATE_LIMITED', id: 'code_send_cooldown' });
    expect(error.retry_after).toBe(Number(reply.headers['retry-after']));
    expect(error.message).toBe(`Tunggu ${error.retry_after} detik sebelum meminta kode baru.`);
  });

  it('sends at most 5 codes an hour per account, then locks it for 2 hours', async () => {
    await t.database.db.execute(sql`DELETE FROM code_sends`);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      await passCooldown();
      const token = (await verifyAccount(teacherAccount, FIXTURE.teacher.birthDate)).json().data
        .token;
      const reply = await post('/send-otp', { token, metode: i % 2 === 0 ? 'email' : 'phone' });
      statuses.push(reply.statusCode);
      if (reply.statusCode === 429) {
        expect(reply.json().error.message).toBe(
          'Kode sudah diminta terlalu sering. Coba lagi dalam 2 jam.',
        );
        expect(Number(reply.headers['retry-after'])).toBeGreaterThan(7190);
        expect(reply.json().error).toMatchObject({
          id: 'code_sends_locked',
          retry_after: Number(reply.headers['retry-after']),
        });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Still locked after the hour has passed.
    await t.database.db.execute(
      sql`UPDATE code_sends SET sent_at = sent_at - interval '61 minutes'`,
    );
    const token = (await verifyAccount(teacherAccount, FIXTURE.teacher.birthDate)).json().data
      .token;
    expect((await post('/send-otp', { token, metode: 'email' })).statusCode).toBe(429);
    await t.database.db.execute(
      sql`UPDATE code_locks SET locked_until = now() - interval '1 second'`,
    );
    expect((await post('/send-otp', { token, metode: 'email' })).statusCode).toBe(200);
    sent += 3;
  });
});
