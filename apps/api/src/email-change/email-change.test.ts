import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, people } from '../db/schema';
import {
  createMailedTestApp,
  lookupTokenFor,
  TEACHER_LOOKUP_FORM,
} from '../test-support/mailed-test-app';
import { FIXTURE } from '../test-support/registry-fixture';
import type { SmtpSink } from '../test-support/smtp-sink';
import type { TestApp } from '../test-support/test-app';

// The change of personal e-mail after a lookup (SPEC §7): codes to the new address and to the
// contact on file, through a real SMTP server on loopback.

const base = '/belajar-id/account-lookup/v1/lookup';
let t: TestApp;
let smtp: SmtpSink;
let ids: Record<string, number>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, smtp, ids, close } = await createMailedTestApp({ OUTBOX_RETRY_DELAY_SECONDS: '1' }));
});
afterAll(async () => {
  await close?.();
});

const teacherForm = TEACHER_LOOKUP_FORM;
const tokenFor = (type: string, payload: object) => lookupTokenFor(t, type, payload);

describe('change of personal e-mail', () => {
  const codeIn = (text: string | undefined, label: RegExp) => label.exec(text ?? '')?.[1] ?? '';
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('takes effect only with the code sent to the new address and the one sent to the address on file', async () => {
    const token = await tokenFor('ptk', teacherForm);
    const auth = { authorization: `Bearer ${token}` };
    const newEmail = 'dewi.baru@example.org';
    const start = await t.app.inject({
      method: 'POST',
      url: `${base}/change-email`,
      headers: auth,
      payload: { email: 'Dewi.Baru@Example.org' },
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().data).toEqual({
      email: 'd*****@example.org',
      current_sent_to: 'd*****@example.com',
      expires_in: 1800,
    });
    const code = codeIn((await smtp.waitFor(newEmail)).text, /Kode verifikasi Anda: (\d{6})/);
    const approval = await smtp.waitFor(
      FIXTURE.teacher.email,
      (m) => m.subject?.startsWith('Persetujuan') ?? false,
    );
    const codeCurrent = codeIn(approval.text, /kode persetujuan ini: (\d{6})/);
    expect(code).toMatch(/^\d{6}$/);
    expect(codeCurrent).toMatch(/^\d{6}$/);
    expect(approval.text).toContain('d*****@example.org');

    const confirm = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${base}/change-email/confirm`, headers: auth, payload });
    const [before] = await t.database.db
      .select()
      .from(people)
      .where(eq(people.id, ids['teacher']!));
    expect(before?.personalEmail).toBe(FIXTURE.teacher.email);

    // Whoever owns only the new address cannot move the account's recovery address.
    const onlyNew = await confirm({ code, code_current: otherThan(codeCurrent) });
    expect(onlyNew.statusCode).toBe(400);
    expect(onlyNew.json().message).toBe('Kode tidak sesuai. Sisa percobaan: 4.');
    expect(onlyNew.json().error).toMatchObject({
      id: 'email_change_old_code_invalid',
      attempts_left: 4,
    });
    expect(onlyNew.json().errors.map((e: { field: string }) => e.field)).toEqual(['code_current']);
    const onlyOld = (await confirm({ code: otherThan(code), code_current: codeCurrent })).json();
    expect(onlyOld.error).toMatchObject({ id: 'email_change_new_code_invalid', attempts_left: 3 });
    expect(onlyOld.errors.map((e: { field: string }) => e.field)).toEqual(['code']);
    const neither = (
      await confirm({ code: otherThan(code), code_current: otherThan(codeCurrent) })
    ).json();
    expect(neither.error).toMatchObject({ id: 'email_change_codes_invalid', attempts_left: 2 });
    expect(neither.errors.map((e: { field: string }) => e.field)).toEqual(['code', 'code_current']);

    const right = await confirm({ code, code_current: codeCurrent });
    expect(right.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(people).where(eq(people.id, ids['teacher']!));
    expect(after?.personalEmail).toBe(newEmail);
    const notice = await smtp.waitFor(
      FIXTURE.teacher.email,
      (m) => m.subject?.includes('telah diganti') ?? false,
    );
    expect(notice.text).toContain('d*****@example.org');

    // The codes are single use.
    expect((await confirm({ code, code_current: codeCurrent })).statusCode).toBe(400);
  });

  it('ends the codes after 5 wrong entries', async () => {
    const token = await tokenFor('dinas', {
      regionCode: FIXTURE.dinas.regionCode,
      officeType: FIXTURE.dinas.officeType,
      name: FIXTURE.dinas.name,
      birthDate: FIXTURE.dinas.birthDate,
      motherName: FIXTURE.dinas.motherName,
    });
    const auth = { authorization: `Bearer ${token}` };
    const newEmail = 'fauzi.baru@example.org';
    await t.app.inject({
      method: 'POST',
      url: `${base}/change-email`,
      headers: auth,
      payload: { email: newEmail },
    });
    const code = codeIn((await smtp.waitFor(newEmail)).text, /Kode verifikasi Anda: (\d{6})/);
    const approval = await smtp.waitFor(
      FIXTURE.dinas.email,
      (m) => m.subject?.startsWith('Persetujuan') ?? false,
    );
    const codeCurrent = codeIn(approval.text, /kode persetujuan ini: (\d{6})/);
    const answers: { message: string; error: Record<string, unknown> }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `${base}/change-email/confirm`,
        headers: auth,
        payload: { code: otherThan(code), code_current: codeCurrent },
      });
      answers.push(reply.json());
    }
    expect(answers.at(-1)?.message).toBe('Kode salah 5 kali. Minta kode baru.');
    expect(answers.map(({ error }) => error['attempts_left'])).toEqual([4, 3, 2, 1, 0]);
    expect(answers.at(-1)?.error['id']).toBe('email_change_attempts_used_up');
    const late = await t.app.inject({
      method: 'POST',
      url: `${base}/change-email/confirm`,
      headers: auth,
      payload: { code, code_current: codeCurrent },
    });
    expect(late.statusCode).toBe(400);
    const [person] = await t.database.db.select().from(people).where(eq(people.id, ids['dinas']!));
    expect(person?.personalEmail).toBe(FIXTURE.dinas.email);
  });

  it('is not possible without a contact on file: the school updates Dapodik instead', async () => {
    const token = await tokenFor('pd', {
      npsn: FIXTURE.sd.npsn,
      name: FIXTURE.student.name,
      birthDate: FIXTURE.student.birthDate,
      motherName: FIXTURE.student.motherName,
    });
    const reply = await t.app.inject({
      method: 'POST',
      url: `${base}/change-email`,
      headers: { authorization: `Bearer ${token}` },
      payload: { email: 'siswa.baru@example.org' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain(
      'Minta Operator Sekolah memperbarui data Anda di Dapodik.',
    );
  });
});

describe('audit of the change', () => {
  it('records the confirmed change without personal data in clear', async () => {
    await t.app.services.audit.flush();
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'change-email'));
    expect(rows.map((row) => row.outcome)).toContain('confirmed');
    const stored = JSON.stringify(rows).toLowerCase();
    for (const value of [FIXTURE.teacher.email, 'dewi.baru@example.org']) {
      expect(stored).not.toContain(value);
    }
  });
});
