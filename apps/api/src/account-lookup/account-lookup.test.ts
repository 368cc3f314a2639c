import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows-of';
import { auditEvents, learningAccounts, outboxMessages } from '../db/schema';
import {
  createMailedTestApp,
  lookupTokenFor,
  TEACHER_LOOKUP_FORM,
} from '../test-support/mailed-test-app';
import { DELIVER_QUEUE } from '../notifications/outbox-jobs';
import { FIXTURE, loadRegistryFixture } from '../test-support/registry-fixture';
import { createSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createLookupTokens } from './lookup-token';

const base = '/belajar-id/account-lookup/v1/lookup';
let t: TestApp;
let smtp: SmtpSink;
let ids: Record<string, number>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, smtp, ids, close } = await createMailedTestApp({
    OUTBOX_RETRY_DELAY_SECONDS: '1',
    LOOKUP_LIMIT_PER_TARGET_PER_HOUR: '8',
  }));
});
afterAll(async () => {
  await close?.();
});

const teacherForm = TEACHER_LOOKUP_FORM;

const lookup = (type: string, payload: object, app = t) =>
  app.app.inject({ method: 'POST', url: `${base}/${type}`, payload });

const tokenFor = (type: string, payload: object) => lookupTokenFor(t, type, payload);

describe('lookup', () => {
  it('finds an educator by messy but matching data, with every account and masked contacts', async () => {
    const reply = await lookup('ptk', teacherForm);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data.accounts.map((a: { email: string }) => a.email)).toEqual(FIXTURE.teacher.accounts);
    expect(data.accounts.map((a: { school_level: string }) => a.school_level)).toEqual([
      'SD',
      'SMP',
    ]);
    expect(data.email).toBe('d*****@example.com');
    expect(data.phone).toBe('********890');
    expect(data.email_eligible).toBe(true);
    expect(data.phone_eligible).toBe(true);
    expect(data.can_request_account).toBe(false);
    expect(data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.token_expires_in).toBe(900);
  });

  it('masks every address with the same number of stars, whatever its length', async () => {
    const reply = await lookup('dinas', {
      regionCode: FIXTURE.dinas.regionCode,
      officeType: FIXTURE.dinas.officeType,
      name: FIXTURE.dinas.name,
      birthDate: FIXTURE.dinas.birthDate,
      motherName: FIXTURE.dinas.motherName,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.email).toBe('a*****@example.com');
    expect(reply.json().data.accounts[0].email).toBe(FIXTURE.dinas.accounts[0]);
  });

  it('says "Akun tidak ditemukan" (404) when any part does not match', async () => {
    for (const change of [
      { motherName: 'Sri Rahayu' },
      { birthDate: '1985-04-13' },
      { npsn: '20299999' },
    ]) {
      const reply = await lookup('ptk', { ...teacherForm, ...change });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe('Akun tidak ditemukan');
      expect(reply.json().error).toMatchObject({ code: 'NOT_FOUND', id: 'lookup_not_found' });
    }
    // An educator is not found as a student, nor a student as an educator.
    expect((await lookup('pd', teacherForm)).statusCode).toBe(404);
  });

  it('finds a student whose personal e-mail is not on file, and says so', async () => {
    const reply = await lookup('pd', {
      npsn: FIXTURE.sd.npsn,
      name: 'NURAINI PUTRI',
      birthDate: FIXTURE.student.birthDate,
      motherName: FIXTURE.student.motherName,
    });
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data.accounts).toHaveLength(1);
    expect(data.email).toBeNull();
    expect(data.email_eligible).toBe(false);
    expect(data.phone_eligible).toBe(false);
  });

  it('answers lookups that arrive together (one statement for the batch) each with its own person', async () => {
    const student = {
      npsn: FIXTURE.sd.npsn,
      name: FIXTURE.student.name,
      birthDate: FIXTURE.student.birthDate,
      motherName: FIXTURE.student.motherName,
    };
    const dinas = {
      regionCode: FIXTURE.dinas.regionCode,
      officeType: FIXTURE.dinas.officeType,
      name: FIXTURE.dinas.name,
      birthDate: FIXTURE.dinas.birthDate,
      motherName: FIXTURE.dinas.motherName,
    };
    const replies = await Promise.all([
      lookup('pd', student),
      lookup('dinas', dinas),
      lookup('pd', { ...student, motherName: 'Bukan Ibunya' }),
      lookup('pd', { ...student, npsn: FIXTURE.smp.npsn }),
      lookup('dinas', { ...dinas, officeType: 'provinsi' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 404, 404, 404]);
    expect(replies[0]!.json().data.accounts).toHaveLength(1);
    expect(replies[0]!.json().data.email).toBeNull();
    expect(replies[1]!.json().data.accounts[0].email).toBe(FIXTURE.dinas.accounts[0]);
    expect(replies[1]!.json().data.email).toBe('a*****@example.com');
  });

  it('answers bad input with Indonesian field errors (400), never a 5xx', async () => {
    const reply = await lookup('ptk', {
      npsn: '123',
      name: '',
      birthDate: '2021-02-30',
      motherName: 'x',
    });
    expect(reply.statusCode).toBe(400);
    const fields = reply.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['npsn', 'name', 'birthDate']));
    const messages = reply.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('Tanggal Tidak Valid');
    expect(messages).toContain('Wajib Diisi');
    expect(reply.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      id: 'validation_failed',
    });
    // The path alone names the user type: a type in the body changes nothing.
    const typed = await lookup('ptk', { ...teacherForm, userType: 'pd' });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().data.accounts[0].kind).toBe('ptk');
    expect((await lookup('guru', teacherForm)).statusCode).toBe(404);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `${base}/ptk`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.id).toBe('bad_request');
  });

  it('looks up offices only while LOOKUP_DINAS is on', async () => {
    await t.app.services.featureToggles.setToggle('LOOKUP_DINAS', false);
    try {
      const reply = await lookup('dinas', {
        regionCode: FIXTURE.dinas.regionCode,
        officeType: FIXTURE.dinas.officeType,
        name: FIXTURE.dinas.name,
        birthDate: FIXTURE.dinas.birthDate,
        motherName: FIXTURE.dinas.motherName,
      });
      expect(reply.statusCode).toBe(403);
    } finally {
      await t.app.services.featureToggles.setToggle('LOOKUP_DINAS', true);
    }
  });
});

describe('schools', () => {
  it('finds a school by NPSN and by part of its name', async () => {
    const byNpsn = await t.app.inject(`${base}/sekolah?npsn=${FIXTURE.smp.npsn}`);
    expect(byNpsn.statusCode).toBe(200);
    expect(byNpsn.json().data).toEqual({
      npsn: FIXTURE.smp.npsn,
      name: FIXTURE.smp.name,
      level: 'SMP',
      regency: 'Kota Bandung',
      province: 'Jawa Barat',
    });
    const byName = await t.app.inject(
      `${base}/sekolah/list?name=${encodeURIComponent('negeri  bandung')}`,
    );
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toEqual([]);
    const partial = await t.app.inject(
      `${base}/sekolah/list?name=${encodeURIComponent('sd negeri')}`,
    );
    expect(partial.json().data.map((s: { npsn: string }) => s.npsn)).toEqual([FIXTURE.sd.npsn]);
    expect((await t.app.inject(`${base}/sekolah?npsn=99999999`)).statusCode).toBe(404);
    expect((await t.app.inject(`${base}/sekolah?npsn=abc`)).statusCode).toBe(400);
    expect((await t.app.inject(`${base}/sekolah/list?name=sd`)).statusCode).toBe(400);
  });
});

describe('account details by e-mail', () => {
  it('sends the details to the personal e-mail through SMTP, never a password', async () => {
    const token = await tokenFor('ptk', teacherForm);
    const reply = await t.app.inject({
      method: 'POST',
      url: `${base}/request-password`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({ method: 'email', sent_to: 'd*****@example.com' });
    const mail = await smtp.waitFor(
      FIXTURE.teacher.email,
      (m) => m.subject?.startsWith('Informasi Akun') ?? false,
    );
    for (const account of FIXTURE.teacher.accounts) expect(mail.text).toContain(account);
    expect(mail.text).not.toMatch(/kata sandi anda (adalah|:)/i);
  });

  it('refuses to send to an e-mail that is not on file', async () => {
    const token = await tokenFor('pd', {
      npsn: FIXTURE.sd.npsn,
      name: FIXTURE.student.name,
      birthDate: FIXTURE.student.birthDate,
      motherName: FIXTURE.student.motherName,
    });
    const reply = await t.app.inject({
      method: 'POST',
      url: `${base}/request-password?method=email`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Data email belum terdaftar di Dapodik.');
  });

  it('refuses an expired, a foreign, a tampered or a missing token', async () => {
    const expired = await createLookupTokens(
      t.config.tokenSecret,
      () => Date.now() - 16 * 60_000,
    ).issue({
      personId: ids['teacher']!,
      userType: 'ptk',
    });
    const foreign = await createLookupTokens('another-portal-secret-another-portal-secret').issue({
      personId: ids['teacher']!,
      userType: 'ptk',
    });
    const unsigned = await new SignJWT({ ut: 'ptk' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ids['teacher']))
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(t.config.tokenSecret));
    const valid = await tokenFor('ptk', teacherForm);
    const tampered = `${valid.slice(0, -3)}${valid.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const token of [expired, foreign, unsigned, tampered, undefined]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `${base}/request-password`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().message).toContain('Silakan cari akun Anda lagi');
    }
  });

  it('refuses a well-signed token without an expiry or with a malformed subject', async () => {
    const key = new TextEncoder().encode(t.config.tokenSecret);
    const signed = (subject: string, expires: boolean) => {
      const jwt = new SignJWT({ ut: 'ptk' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('akun-portal')
        .setAudience('account-lookup')
        .setIssuedAt()
        .setSubject(subject);
      return (expires ? jwt.setExpirationTime('10m') : jwt).sign(key);
    };
    const teacher = String(ids['teacher']);
    const tokens = [
      await signed(teacher, false),
      await signed(`${teacher}.0`, true),
      await signed(` ${teacher}`, true),
      await signed(`0x${Number(teacher).toString(16)}`, true),
    ];
    for (const token of tokens) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `${base}/request-password`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reply.statusCode).toBe(401);
    }
  });

  it('answers everything carrying a token, a session id or a code with no-store', async () => {
    const reply = await lookup('ptk', teacherForm);
    expect(reply.json().data.token).toBeTruthy();
    expect(reply.headers['cache-control']).toBe('no-store');
    const verify = await t.app.inject({
      method: 'POST',
      url: `${base}/self-reset-password/verify`,
      payload: { belajaridEmail: FIXTURE.teacher.accounts[0], dob: FIXTURE.teacher.birthDate },
    });
    expect(verify.json().data.token).toBeTruthy();
    expect(verify.headers['cache-control']).toBe('no-store');
  });
});

describe('account creation', () => {
  const newTeacherForm = {
    npsn: FIXTURE.sd.npsn,
    name: FIXTURE.newTeacher.name,
    birthDate: FIXTURE.newTeacher.birthDate,
    motherName: FIXTURE.newTeacher.motherName,
  };

  it('offers an account to an educator without one, creates it by a job and mails the details', async () => {
    const found = await lookup('ptk', newTeacherForm);
    expect(found.json().data.accounts).toEqual([]);
    expect(found.json().data.can_request_account).toBe(true);
    const reply = await t.app.inject({
      method: 'POST',
      url: `${base}/ptk/request-account-creation`,
      // The visitor reads the site in English: the job's mail follows them (decision 0252).
      headers: {
        authorization: `Bearer ${found.json().data.token}`,
        'accept-language': 'en-GB,en;q=0.9,id;q=0.8',
      },
    });
    expect(reply.statusCode).toBe(202);
    expect(reply.json().data.status).toBe('queued');
    const mail = await smtp.waitFor(
      FIXTURE.newTeacher.email,
      (m) => m.subject === 'Your belajar.id Account has been created',
    );
    expect(mail.text).toContain('budi.santoso@belajar.id');
    expect(mail.text).toContain('To start using it, create a password through Forgot Password');
    const accounts = await t.database.db
      .select()
      .from(learningAccounts)
      .where(eq(learningAccounts.personId, ids['newTeacher']!));
    expect(accounts.map((a) => [a.email, a.schoolLevel])).toEqual([
      ['budi.santoso@belajar.id', 'SD'],
    ]);
    expect((await lookup('ptk', newTeacherForm)).json().data.accounts).toHaveLength(1);
  });

  it('keeps student accounts to their school admins: a lookup token cannot request one', async () => {
    const token = await tokenFor('pd', {
      npsn: FIXTURE.sd.npsn,
      name: FIXTURE.student.name,
      birthDate: FIXTURE.student.birthDate,
      motherName: FIXTURE.student.motherName,
    });
    // The pd path is the school admin's bulk request: it wants their access token.
    const reply = await t.app.inject({
      method: 'POST',
      url: `${base}/pd/request-account-creation`,
      headers: { authorization: `Bearer ${token}` },
      payload: { npsn: FIXTURE.sd.npsn, students: [{ id: String(ids['student']) }] },
    });
    expect(reply.statusCode).toBe(401);
  });

  it('says account requests are closed while ACCOUNT_CREATION is off', async () => {
    await t.app.services.featureToggles.setToggle('ACCOUNT_CREATION', false);
    try {
      const found = await lookup('ptk', newTeacherForm);
      const reply = await t.app.inject({
        method: 'POST',
        url: `${base}/ptk/request-account-creation`,
        headers: { authorization: `Bearer ${found.json().data.token}` },
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().error.id).toBe('account_creation_off');
    } finally {
      await t.app.services.featureToggles.setToggle('ACCOUNT_CREATION', true);
    }
  });
});

describe('audit', () => {
  it('records every lookup and request without personal data in clear', async () => {
    await t.app.services.audit.flush();
    const rows = await t.database.db.select().from(auditEvents);
    const actions = new Set(rows.map((r) => `${r.action}:${r.outcome}`));
    for (const expected of [
      'lookup:found',
      'lookup:not-found',
      'lookup:no-account',
      'request-details:queued-email',
    ]) {
      expect(actions).toContain(expected);
    }
    const stored = JSON.stringify(rows).toLowerCase();
    for (const value of [
      FIXTURE.teacher.name,
      FIXTURE.teacher.email,
      FIXTURE.teacher.birthDate,
      FIXTURE.teacher.motherName,
      '3273015204850001',
    ]) {
      expect(stored).not.toContain(value.toLowerCase());
    }
    // The address only as its keyed hash, the same one every time it comes back (the toggles
    // this file switched through the service came from no address).
    const addressHashes = new Set(rows.filter((r) => r.action !== 'toggle').map((r) => r.ipHash));
    expect(addressHashes).toEqual(new Set([t.app.services.audit.hash('127.0.0.1')]));
    expect(stored).not.toContain('127.0.0.1');
  });
});

describe('rate limits', () => {
  it('limits lookups of one target, from any address', async () => {
    // A fresh target: the limit counts per person sought (school, name, birth date).
    const target = { ...teacherForm, birthDate: '1985-04-14', motherName: 'Nama Ibu Tebakan' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `${base}/ptk`,
        payload: target,
        remoteAddress: `10.0.0.${i + 1}`,
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(8);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it('limits lookups from one address', async () => {
    const other = await createTestApp({ BOT_CHECK: 'off', LOOKUP_LIMIT_PER_IP_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const reply = await lookup('ptk', { ...teacherForm, name: `Orang ${'abcde'[i]}` }, other);
        statuses.push(reply.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      const limited = await lookup('ptk', teacherForm, other);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.json().error).toMatchObject({
        code: 'RATE_LIMITED',
        id: 'rate_limited',
        retry_after: Number(limited.headers['retry-after']),
      });

      // The school search and the bot-check challenge count per address the same way.
      const schools: number[] = [];
      const challenges: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const search = i % 2 === 0 ? 'sekolah?npsn=99999999' : 'sekolah/list?name=Negeri';
        schools.push((await other.app.inject(`${base}/${search}`)).statusCode);
        challenges.push((await other.app.inject('/belajar-id/bot-check/v1/challenge')).statusCode);
      }
      expect(schools).toEqual([404, 200, 404, 429]);
      expect(challenges).toEqual([200, 200, 200, 429]);
    } finally {
      await other.close();
    }
  });
});

describe('outbox', () => {
  it('keeps a message while SMTP is down and delivers it once when it is back', async () => {
    const down = await createSmtpSink();
    const app = await createTestApp({
      BOT_CHECK: 'off',
      SMTP_URL: down.url,
      JOB_POLLING_SECONDS: '0.5',
      OUTBOX_RETRY_DELAY_SECONDS: '1',
    });
    try {
      await loadRegistryFixture(app.database);
      const found = await lookup('ptk', teacherForm, app);
      const reply = await app.app.inject({
        method: 'POST',
        url: `${base}/request-password`,
        headers: { authorization: `Bearer ${found.json().data.token}` },
      });
      expect(reply.statusCode).toBe(200);
      const failedOnce = async () => {
        for (let i = 0; i < 200; i += 1) {
          const [row] = await app.database.db.select().from(outboxMessages);
          if (row && row.attempts >= 1 && row.lastError) return row;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('no failed attempt');
      };
      const failed = await failedOnce();
      expect(failed.deliveredAt).toBeNull();

      await down.start();
      await down.waitFor(FIXTURE.teacher.email, undefined, 60_000);
      // Once every delivery job has completed, no retry is left to send it again: waiting for
      // that, rather than for a while, proves it went out once.
      const deliveryStates = async () => {
        const rows = await rowsOf<{ state: string }>(
          app.database.db,
          sql`SELECT state FROM pgboss.job WHERE name = ${DELIVER_QUEUE}`,
        );
        return rows.map((row) => row.state);
      };
      for (let i = 0; i < 200; i += 1) {
        const states = await deliveryStates();
        if (states.length > 0 && states.every((state) => state === 'completed')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await deliveryStates()).toEqual(['completed']);
      expect(down.messages).toHaveLength(1);
      const [delivered] = await app.database.db.select().from(outboxMessages);
      expect(delivered?.deliveredVia).toBe('smtp');
      expect(delivered?.deliveredAt).not.toBeNull();
    } finally {
      await app.close();
      await down.stop();
    }
  });
});
