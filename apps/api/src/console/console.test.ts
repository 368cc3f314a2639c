import { eq, inArray } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, consolePath } from '@portal/contracts/console';
import { OFFICE_REQUEST_PATHS, PRIVATE_UPLOAD_PATH } from '@portal/contracts/office-request';
import { TYPED_TEXT_MESSAGES } from '@portal/contracts/typed-text';
import { auditEvents, learningAccounts, officeAccountRequests, referralCodes } from '../db/schema';
import { createBrowser, discoverClient, signIn } from '../test-support/platform-sign-in';
import { createMailedTestApp } from '../test-support/mailed-test-app';
import { officeRequestBody } from '../test-support/office-request-body';
import { setPassword, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import { multipartFile, onePagePdf } from '../test-support/pdf-fixture';
import { FIXTURE } from '../test-support/registry-fixture';
import type { SmtpSink } from '../test-support/smtp-sink';
import { staffAccessToken } from '../test-support/staff-sign-in';
import type { TestApp } from '../test-support/test-app';

const api = '/belajar-id';
let t: TestApp;
let smtp: SmtpSink;
let close: () => Promise<void>;
let rp: client.Configuration;
let staff: string;
let teacher: string;

const asStaff = (token = staff) => ({ authorization: `Bearer ${token}` });

async function submitted(email: string, name = 'Siti Nurhaliza', nik = '3273014506800001') {
  const letter = await t.app.inject({
    method: 'POST',
    url: `${api}${PRIVATE_UPLOAD_PATH}`,
    ...multipartFile('surat.pdf', onePagePdf('Surat ' + name)),
  });
  const reply = await t.app.inject({
    method: 'POST',
    url: `${api}${OFFICE_REQUEST_PATHS.request}`,
    payload: officeRequestBody(letter.json().data.url, {
      name,
      nik,
      email,
      platform: ['merdeka-mengajar', 'rapor-pendidikan'],
    }),
  });
  expect(reply.statusCode).toBe(201);
  const [row] = await t.database.db
    .select({ id: officeAccountRequests.id })
    .from(officeAccountRequests)
    .where(eq(officeAccountRequests.email, email));
  return String(row!.id);
}

beforeAll(async () => {
  ({ t, smtp, close } = await createMailedTestApp());
  rp = await discoverClient(t.app, t.config);
  await t.database.db.insert(referralCodes).values({ code: 'KONSOL2026', maxUses: 10 });
  staff = await staffAccessToken(t, rp, `reviewer@${t.config.staffDomain}`);
  await setPassword(t, FIXTURE.teacher.accounts, TEACHER_PASSWORD);
  teacher = (
    await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: FIXTURE.teacher.accounts[0]!,
      password: TEACHER_PASSWORD,
    })
  ).access_token;
}, 120_000);
afterAll(async () => {
  await close?.();
});

describe('the console', () => {
  it('is for staff with their second factor only', async () => {
    const list = `${api}${CONSOLE_ROUTES.officeRequests}`;
    expect((await t.app.inject({ url: list })).statusCode).toBe(401);
    expect((await t.app.inject({ url: list, headers: asStaff('a.b.c') })).statusCode).toBe(401);
    // A learning account's token is a valid token, but not staff's.
    expect((await t.app.inject({ url: list, headers: asStaff(teacher) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: list, headers: asStaff() })).statusCode).toBe(200);
  });

  it('lists requests by status, province and day, opens one with its letter, approves it', async () => {
    const id = await submitted('siti.dinas@example.com');
    const list = await t.app.inject({
      url: `${api}${CONSOLE_ROUTES.officeRequests}?status=submitted&province=32`,
      headers: asStaff(),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items[0]).toMatchObject({
      id,
      name: 'Siti Nurhaliza',
      region: 'Kota Bandung',
      province: 'Jawa Barat',
      status: 'submitted',
    });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const byDay = await t.app.inject({
      url: `${api}${CONSOLE_ROUTES.officeRequests}?from=${today}&to=${today}`,
      headers: asStaff(),
    });
    expect(byDay.json().data.total).toBeGreaterThanOrEqual(1);
    const elsewhere = await t.app.inject({
      url: `${api}${CONSOLE_ROUTES.officeRequests}?province=11`,
      headers: asStaff(),
    });
    expect(elsewhere.json().data.total).toBe(0);
    const before = await t.app.inject({
      url: `${api}${CONSOLE_ROUTES.officeRequests}?to=2020-01-01`,
      headers: asStaff(),
    });
    expect(before.json().data.total).toBe(0);

    const detail = await t.app.inject({
      url: `${api}${consolePath(CONSOLE_ROUTES.officeRequest, id)}`,
      headers: asStaff(),
    });
    expect(detail.json().data).toMatchObject({
      nik: '3273014506800001',
      positionOther: 'Analis Kurikulum',
      platforms: ['merdeka-mengajar', 'rapor-pendidikan'],
      accountEmail: null,
    });
    expect(detail.body).not.toContain('argon2');
    const letter = await t.app.inject({
      url: `${api}${consolePath(CONSOLE_ROUTES.officeRequestLetter, id)}`,
      headers: asStaff(),
    });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.headers['content-disposition']).toBe('inline');
    expect(letter.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(letter.headers['x-content-type-options']).toBe('nosniff');
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const teacherLetter = await t.app.inject({
      url: `${api}${consolePath(CONSOLE_ROUTES.officeRequestLetter, id)}`,
      headers: asStaff(teacher),
    });
    expect(teacherLetter.statusCode).toBe(403);

    const approved = await t.app.inject({
      method: 'POST',
      url: `${api}${consolePath(CONSOLE_ROUTES.approve, id)}`,
      headers: asStaff(),
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    const again = await t.app.inject({
      method: 'POST',
      url: `${api}${consolePath(CONSOLE_ROUTES.reject, id)}`,
      headers: asStaff(),
      payload: { reason: 'terlambat' },
    });
    expect(again.statusCode).toBe(409);

    // The job makes the office account with the password the applicant chose, and mails it.
    const mail = await smtp.waitFor('siti.dinas@example.com', (m) =>
      Boolean(m.subject?.includes('sudah dibuat')),
    );
    const address = /([a-z0-9.]+@belajar\.id)/.exec(mail.text ?? '')?.[1];
    expect(address).toBe('siti.nurhaliza@belajar.id');
    const [account] = await t.database.db
      .select()
      .from(learningAccounts)
      .where(eq(learningAccounts.email, address!));
    expect(account).toMatchObject({ kind: 'dinas', mustChangePassword: false });
    expect(account?.officeId).not.toBeNull();
    const tokens = await signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
      email: address!,
      password: 'Jembatan Pasupati malam 9',
    });
    expect(tokens.access_token).toBeTruthy();
    const shown = await t.app.inject({
      url: `${api}${consolePath(CONSOLE_ROUTES.officeRequest, id)}`,
      headers: asStaff(),
    });
    expect(shown.json().data.accountEmail).toBe(address);
  }, 60_000);

  it('rejects with a reason of at most 1,000 characters, and mails the reason', async () => {
    const id = await submitted('budi.dinas@example.com', 'Budi Hartono', '3273010101790002');
    const url = `${api}${consolePath(CONSOLE_ROUTES.reject, id)}`;
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const reply = await t.app.inject({ method: 'POST', url, headers: asStaff(), payload });
      expect(reply.statusCode).toBe(400);
    }
    // PostgreSQL refuses NUL in text, so the API must refuse it first. Line breaks stay allowed.
    for (const reason of ['x\u0000y', 'Surat\u0007 palsu', 'Surat\u007f']) {
      const reply = await t.app.inject({
        method: 'POST',
        url,
        headers: asStaff(),
        payload: { reason },
      });
      expect(reply.statusCode, JSON.stringify(reason)).toBe(400);
      expect(reply.json()).toMatchObject({
        message: TYPED_TEXT_MESSAGES.controlCharacters,
        errors: [{ field: 'reason', message: TYPED_TEXT_MESSAGES.controlCharacters }],
      });
    }
    const rejected = await t.app.inject({
      method: 'POST',
      url,
      headers: asStaff(),
      payload: { reason: 'Surat dinas belum ditandatangani kepala dinas.\r\nMohon kirim ulang.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Surat dinas belum ditandatangani kepala dinas.\r\nMohon kirim ulang.',
    });
    const mail = await smtp.waitFor('budi.dinas@example.com', (m) =>
      Boolean(m.subject?.includes('belum dapat disetujui')),
    );
    expect(mail.text).toContain('Surat dinas belum ditandatangani kepala dinas.');
    const missing = await t.app.inject({
      method: 'POST',
      url: `${api}${consolePath(CONSOLE_ROUTES.approve, '999999')}`,
      headers: asStaff(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('creates referral codes with a limit and an expiry, lists and revokes them', async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await t.app.inject({
      method: 'POST',
      url: `${api}${CONSOLE_ROUTES.referralCodes}`,
      headers: asStaff(),
      payload: { maxUses: 3, expiresAt },
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().data;
    expect(code).toMatchObject({ maxUses: 3, uses: 0, state: 'valid' });
    expect(code.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const check = await t.app.inject({
      method: 'POST',
      url: `${api}${OFFICE_REQUEST_PATHS.referralCode}`,
      payload: { referral_code: code.code },
    });
    expect(check.json().data).toMatchObject({ valid: true });
    for (const payload of [
      { maxUses: 0 },
      { maxUses: 10_001 },
      { maxUses: 2, expiresAt: 'besok' },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `${api}${CONSOLE_ROUTES.referralCodes}`,
        headers: asStaff(),
        payload,
      });
      expect(bad.statusCode).toBe(400);
    }
    const revoked = await t.app.inject({
      method: 'POST',
      url: `${api}${consolePath(CONSOLE_ROUTES.revokeReferralCode, code.id)}`,
      headers: asStaff(),
    });
    expect(revoked.json().data.state).toBe('revoked');
    const listed = await t.app.inject({
      url: `${api}${CONSOLE_ROUTES.referralCodes}`,
      headers: asStaff(),
    });
    expect(listed.json().data.items.find((item: { id: string }) => item.id === code.id).state).toBe(
      'revoked',
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `${api}${OFFICE_REQUEST_PATHS.referralCode}`,
      payload: { referral_code: code.code },
    });
    expect(refused.json().error.id).toBe('referral_revoked');
  });

  it('audits every console action with the staff member, never personal data in clear', async () => {
    await t.app.services.audit.flush();
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.action, ['office-request', 'referral-code']));
    const byStaff = rows.filter((row) => row.actor?.startsWith('staff:'));
    expect(new Set(byStaff.map((row) => row.outcome))).toEqual(
      new Set(['read-letter', 'approved', 'rejected', 'created', 'revoked']),
    );
    // Each change keeps its before and after; reading a letter changes nothing.
    const changesOf = (outcome: string) => byStaff.find((row) => row.outcome === outcome)?.changes;
    expect(changesOf('approved')).toEqual({
      before: { number: expect.any(String), status: 'submitted' },
      after: { number: expect.any(String), status: 'approved' },
    });
    expect(changesOf('rejected')?.after).toMatchObject({
      status: 'rejected',
      reason: expect.any(String),
    });
    expect(changesOf('revoked')).toMatchObject({
      before: { revoked: false },
      after: { revoked: true },
    });
    expect(changesOf('read-letter')).toBeNull();
    const stored = JSON.stringify(rows);
    for (const value of ['Siti Nurhaliza', '3273014506800001', 'siti.dinas@example.com']) {
      expect(stored).not.toContain(value);
    }
  });
});
