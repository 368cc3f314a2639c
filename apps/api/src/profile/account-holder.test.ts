import { and, eq, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_PATH, PROFILE_PATHS } from '@portal/contracts/profile';
import { SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import {
  auditEvents,
  codeLocks,
  codeSends,
  codeWrongEntries,
  learningAccounts,
  oidcModels,
  people,
} from '../db/schema';
import { rowsOf } from '../db/rows-of';
import { setPassword, TEACHER_PASSWORD } from '../test-support/sign-in-test-app';
import {
  createMailedTestApp,
  lookupTokenFor,
  TEACHER_LOOKUP_FORM,
} from '../test-support/mailed-test-app';
import { FIXTURE } from '../test-support/registry-fixture';
import type { SmtpSink } from '../test-support/smtp-sink';
import type { TestApp } from '../test-support/test-app';
import { createBrowser, discoverClient, signIn } from '../test-support/platform-sign-in';

// The account holder's home: password, personal e-mail, sessions and a copy of one's
// data, through the whole app, the embedded provider and a real SMTP server on loopback.

const API = '/belajar-id';
const STUDENT_PASSWORD = 'Siswa-Bandung-2026';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
let smtp: SmtpSink;
let close: () => Promise<void>;
let rp: client.Configuration;

beforeAll(async () => {
  ({ t, smtp, close } = await createMailedTestApp({ OUTBOX_RETRY_DELAY_SECONDS: '1' }));
  await setPassword(t, FIXTURE.teacher.accounts, TEACHER_PASSWORD);
  await setPassword(t, FIXTURE.student.accounts, STUDENT_PASSWORD);
  rp = await discoverClient(t.app, t.config);
});
afterAll(async () => {
  await close?.();
});
// Each test starts from the fixture's passwords and no one signed in.
beforeEach(async () => {
  await setPassword(t, FIXTURE.teacher.accounts, TEACHER_PASSWORD);
  await t.database.db.delete(oidcModels);
  for (const table of [codeSends, codeWrongEntries, codeLocks]) await t.database.db.delete(table);
});

/** A sign-in from a browser that names itself: its user agent goes with every request. */
const clients = new Map<string, client.Configuration>();
async function signInFrom(
  userAgent: string,
  email: string = FIXTURE.teacher.accounts[0]!,
  password: string = TEACHER_PASSWORD,
) {
  const web = clients.get(userAgent) ?? (await discoverClient(t.app, t.config, userAgent));
  clients.set(userAgent, web);
  const browser = createBrowser(t.app, t.config.oidc.issuer, userAgent);
  return signIn(web, t.config, browser, { email, password });
}

const sessionOf = (accessToken: string): string =>
  JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid;

const call = (method: 'GET' | 'POST', path: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${API}${path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'id' },
    ...(payload ? { payload } : {}),
  });

const refresh = (refreshToken: string) =>
  client.refreshTokenGrant(rp, refreshToken, { resource: t.config.oidc.audience });

async function teacherPersonId() {
  const [row] = await t.database.db
    .select({ personId: learningAccounts.personId })
    .from(learningAccounts)
    .where(eq(learningAccounts.email, FIXTURE.teacher.accounts[0]!));
  return row!.personId;
}

describe('the password, changed while signed in', () => {
  it('refuses a wrong current password and counts it toward the sign-in lock', async () => {
    await setPassword(t, FIXTURE.teacher.accounts, TEACHER_PASSWORD);
    const tokens = await signInFrom(FIREFOX_WINDOWS);
    const body = { current_password: 'bukan-sandinya', new_password: 'Sandi-Baru-Sekali-2026' };
    const wrong = await call('POST', PROFILE_PATHS.password, tokens.access_token, body);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.id).toBe('profile_password_wrong');
    expect(wrong.json().errors[0].field).toBe('current_password');
    // The same count as the sign-in's: the rest of the wrong passwords lock the account.
    for (let attempt = 2; attempt < SIGN_IN_POLICY.maxWrongPasswords; attempt += 1) {
      expect(
        (await call('POST', PROFILE_PATHS.password, tokens.access_token, body)).statusCode,
      ).toBe(400);
    }
    const browser = createBrowser(t.app, t.config.oidc.issuer);
    await expect(
      signIn(rp, t.config, browser, { email: FIXTURE.teacher.accounts[0]!, password: 'salah' }),
    ).rejects.toThrow();
    const locked = await call('POST', PROFILE_PATHS.password, tokens.access_token, {
      ...body,
      current_password: TEACHER_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.id).toBe('profile_password_locked');
    // Locked for sign-in too, the right password included.
    await expect(
      signIn(rp, t.config, createBrowser(t.app, t.config.oidc.issuer), {
        email: FIXTURE.teacher.accounts[0]!,
        password: TEACHER_PASSWORD,
      }),
    ).rejects.toThrow();
    await t.database.db.execute(
      sql`DELETE FROM code_locks WHERE person_id = ${await teacherPersonId()}`,
    );
    await t.database.db.execute(
      sql`DELETE FROM code_wrong_entries WHERE person_id = ${await teacherPersonId()}`,
    );
  });

  it('refuses the current password again, a common one, or the account address', async () => {
    const tokens = await signInFrom(FIREFOX_WINDOWS);
    const change = (new_password: string) =>
      call('POST', PROFILE_PATHS.password, tokens.access_token, {
        current_password: TEACHER_PASSWORD,
        new_password,
      });
    const same = await change(TEACHER_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.id).toBe('reset_password_reused');
    expect((await change('password123')).json().error.id).toBe('reset_password_common');
    expect((await change(FIXTURE.teacher.accounts[0]!)).json().error.id).toBe(
      'reset_password_is_account',
    );
    expect((await change('pendek')).statusCode).toBe(400);
  });

  it('changes it, tells the contact on file, and ends the other sessions only when asked', async () => {
    await setPassword(t, FIXTURE.teacher.accounts, TEACHER_PASSWORD);
    const here = await signInFrom(FIREFOX_WINDOWS);
    const phone = await signInFrom(CHROME_ANDROID);
    const first = await call('POST', PROFILE_PATHS.password, here.access_token, {
      current_password: TEACHER_PASSWORD,
      new_password: 'Kopi-Susu-Pagi-2026',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ changed: true, sessions_ended: 0 });
    const notice = await smtp.waitFor(FIXTURE.teacher.email, (m) =>
      (m.text ?? '').includes('diganti dari halaman profil'),
    );
    expect(notice.text).toContain('tetap masuk');
    expect(notice.text).not.toContain('Kopi-Susu-Pagi-2026');
    // Not asked: the phone's session goes on.
    const phoneAgain = await refresh(phone.refresh_token!);

    const second = await call('POST', PROFILE_PATHS.password, here.access_token, {
      current_password: 'Kopi-Susu-Pagi-2026',
      new_password: 'Teh-Manis-Sore-2026',
      end_other_sessions: true,
    });
    expect(second.json().data).toEqual({ changed: true, sessions_ended: 1 });
    await expect(refresh(phoneAgain.refresh_token!)).rejects.toThrow();
    // This device stays signed in.
    const hereAgain = await refresh(here.refresh_token!);
    expect(sessionOf(hereAgain.access_token)).toBe(sessionOf(here.access_token));
    await t.app.services.audit.flush();
    const profile = await call('GET', PROFILE_PATH, hereAgain.access_token);
    const events = profile.json().data.activity.map((entry: { event: string }) => entry.event);
    expect(events.slice(0, 3)).toEqual(['sessions_ended', 'password_changed', 'password_changed']);
    await setPassword(t, FIXTURE.teacher.accounts, TEACHER_PASSWORD);
  });
});

describe('where the account is signed in', () => {
  it('lists each session with browser and system, marks this one, and ends one or all others at once', async () => {
    const laptop = await signInFrom(FIREFOX_WINDOWS);
    const phone = await signInFrom(CHROME_ANDROID);
    const other = await signInFrom(CHROME_ANDROID);
    const listed = await call('GET', PROFILE_PATHS.sessions, laptop.access_token);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().data.sessions as {
      id: string;
      browser: string;
      system: string;
      device: string;
      current: boolean;
      signed_in_at: string;
      last_used_at: string;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      browser: 'Firefox 133',
      system: 'Windows 10',
      device: 'desktop',
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      browser: 'Chrome 131',
      system: 'Android 14',
      current: false,
    });
    expect(sessions.every((s) => Date.parse(s.last_used_at) >= Date.parse(s.signed_in_at))).toBe(
      true,
    );
    // Nothing of a session's secrets travels: its id here is not the provider's uid or id.
    expect(listed.body).not.toContain(sessionOf(phone.access_token));

    // The phone's list marks the phone's session; the laptop ends it by that id.
    const phoneView = await call('GET', PROFILE_PATHS.sessions, phone.access_token);
    const phoneId = (phoneView.json().data.sessions as { id: string; current: boolean }[]).find(
      (s) => s.current,
    )!.id;
    const ended = await call(
      'POST',
      PROFILE_PATHS.endSession.replace(':id', phoneId),
      laptop.access_token,
    );
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toEqual({ ended: 1 });
    await expect(refresh(phone.refresh_token!)).rejects.toThrow();
    const again = await call(
      'POST',
      PROFILE_PATHS.endSession.replace(':id', phoneId),
      laptop.access_token,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().error.id).toBe('profile_session_not_found');

    const others = await call('POST', PROFILE_PATHS.endOtherSessions, laptop.access_token);
    expect(others.json().data).toEqual({ ended: 1 });
    await expect(refresh(other.refresh_token!)).rejects.toThrow();
    const kept = await refresh(laptop.refresh_token!);
    const after = await call('GET', PROFILE_PATHS.sessions, kept.access_token);
    expect(after.json().data.sessions).toHaveLength(1);
    // Nothing of the ended sessions is left: one session, and only its grant's rows.
    const left = await t.database.db
      .select({ model: oidcModels.model, grantId: oidcModels.grantId, id: oidcModels.id })
      .from(oidcModels)
      .where(eq(oidcModels.accountId, sessionOwner(laptop.access_token)));
    expect(left.filter((row) => row.model === 'Session')).toHaveLength(1);
    const grants = left.filter((row) => row.model === 'Grant').map((row) => row.id);
    expect(grants).toHaveLength(1);
    expect(
      left.every(
        (row) => row.model === 'Session' || row.grantId === grants[0] || row.id === grants[0],
      ),
    ).toBe(true);
  });

  it("ends the other devices' access to the API at once, not when their tokens expire", async () => {
    const laptop = await signInFrom(FIREFOX_WINDOWS);
    const phone = await signInFrom(CHROME_ANDROID);
    const tablet = await signInFrom(CHROME_ANDROID);
    expect((await call('GET', PROFILE_PATH, phone.access_token)).statusCode).toBe(200);
    const tabletId = (
      (await call('GET', PROFILE_PATHS.sessions, tablet.access_token)).json().data.sessions as {
        id: string;
        current: boolean;
      }[]
    ).find((session) => session.current)!.id;
    const ended = await call(
      'POST',
      PROFILE_PATHS.endSession.replace(':id', tabletId),
      laptop.access_token,
    );
    expect(ended.statusCode).toBe(200);
    expect((await call('GET', PROFILE_PATH, tablet.access_token)).statusCode).toBe(401);

    const others = await call('POST', PROFILE_PATHS.endOtherSessions, laptop.access_token);
    expect(others.json().data).toEqual({ ended: 1 });
    for (const path of [PROFILE_PATH, PROFILE_PATHS.sessions]) {
      const reply = await call('GET', path, phone.access_token);
      expect(reply.statusCode, path).toBe(401);
      expect(reply.json().error.id).toBe('unauthorized');
    }
    // Nor can it ask for an e-mail change code.
    const change = await call('POST', PROFILE_PATHS.email, phone.access_token, {
      email: 'pengambil.alih@example.org',
    });
    expect(change.statusCode).toBe(401);
    // The device that asked goes on.
    expect((await call('GET', PROFILE_PATH, laptop.access_token)).statusCode).toBe(200);
  });

  it("cannot end another person's session", async () => {
    const teacher = await signInFrom(FIREFOX_WINDOWS);
    const student = await signInFrom(
      CHROME_ANDROID,
      FIXTURE.student.accounts[0]!,
      STUDENT_PASSWORD,
    );
    const studentId = (
      (await call('GET', PROFILE_PATHS.sessions, student.access_token)).json().data.sessions as {
        id: string;
      }[]
    )[0]!.id;
    const reply = await call(
      'POST',
      PROFILE_PATHS.endSession.replace(':id', studentId),
      teacher.access_token,
    );
    expect(reply.statusCode).toBe(404);
    await refresh(student.refresh_token!);
  });
});

const sessionOwner = (accessToken: string): string =>
  JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sub;

describe('the personal e-mail, changed while signed in', () => {
  const codeIn = (text: string | undefined) =>
    /Kode verifikasi Anda: (\d{6})/.exec(text ?? '')?.[1] ?? '';

  it('takes effect with the code sent to the new address, and tells the old one', async () => {
    const tokens = await signInFrom(FIREFOX_WINDOWS);
    const start = await call('POST', PROFILE_PATHS.email, tokens.access_token, {
      email: 'Dewi.Profil@Example.net',
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().data).toEqual({
      email: 'd*****@example.net',
      expires_in: 1800,
      resend_in: 60,
    });
    const code = codeIn((await smtp.waitFor('dewi.profil@example.net')).text);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await call('POST', PROFILE_PATHS.emailConfirm, tokens.access_token, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      id: 'email_change_new_code_invalid',
      attempts_left: 4,
    });
    const confirmed = await call('POST', PROFILE_PATHS.emailConfirm, tokens.access_token, { code });
    expect(confirmed.statusCode).toBe(200);
    // Recorded apart from the lookup's changes, which the lookup's funnel on /statistik counts.
    const recorded = await t.database.db
      .select({ outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'change-email'),
          eq(auditEvents.personId, await teacherPersonId()),
        ),
      );
    expect(recorded.map((row) => row.outcome)).toContain('confirmed-signed-in');
    expect(recorded.map((row) => row.outcome)).not.toContain('confirmed');
    const [person] = await t.database.db
      .select({ email: people.personalEmail })
      .from(people)
      .where(eq(people.id, await teacherPersonId()));
    expect(person!.email).toBe('dewi.profil@example.net');
    const notice = await smtp.waitFor(FIXTURE.teacher.email, (m) =>
      (m.text ?? '').includes('d*****@example.net'),
    );
    expect(notice.subject).toBeTruthy();
    await t.database.db
      .update(people)
      .set({ personalEmail: FIXTURE.teacher.email })
      .where(eq(people.id, await teacherPersonId()));
  });

  it("shares the lookup's change counters: its cooldown holds, and neither route takes the other's codes", async () => {
    const tokens = await signInFrom(FIREFOX_WINDOWS);
    const lookupToken = await lookupTokenFor(t, 'ptk', TEACHER_LOOKUP_FORM);
    const lookupStart = await t.app.inject({
      method: 'POST',
      url: `${API}/account-lookup/v1/lookup/change-email`,
      headers: { authorization: `Bearer ${lookupToken}` },
      payload: { email: 'dewi.lookup@example.net' },
    });
    expect(lookupStart.statusCode).toBe(200);
    const lookupCode = codeIn((await smtp.waitFor('dewi.lookup@example.net')).text);
    // The lookup's request needs both codes: the new address's alone does not confirm it here.
    const crossed = await call('POST', PROFILE_PATHS.emailConfirm, tokens.access_token, {
      code: lookupCode,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.id).toBe('email_change_code_expired');
    // The send a moment ago counts here too.
    const soon = await call('POST', PROFILE_PATHS.email, tokens.access_token, {
      email: 'dewi.lagi@example.net',
    });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.id).toBe('code_send_cooldown');
  });
});

describe('a copy of one’s data', () => {
  it('holds the caller’s data in clear and nobody else’s, as JSON and as a page', async () => {
    const teacher = await signInFrom(FIREFOX_WINDOWS);
    const reply = await call(
      'POST',
      `${PROFILE_PATHS.dataExport}?format=json`,
      teacher.access_token,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="data-akun-/);
    expect(reply.headers['cache-control']).toBe('no-store');
    const data = reply.json();
    expect(data.person).toMatchObject({
      name: FIXTURE.teacher.name,
      birth_date: FIXTURE.teacher.birthDate,
      personal_email: FIXTURE.teacher.email,
      phone: FIXTURE.teacher.phone,
    });
    expect(data.accounts.map((a: { email: string }) => a.email)).toEqual(FIXTURE.teacher.accounts);
    expect(data.schools.length).toBeGreaterThan(0);
    expect(data.security_history.length).toBeGreaterThan(0);
    expect(data.email_changes.map((c: { new_email: string }) => c.new_email)).toContain(
      'dewi.profil@example.net',
    );
    expect(data.notices.length).toBeGreaterThan(0);
    expect(data.signed_in_sessions.some((s: { current: boolean }) => s.current)).toBe(true);
    expect(reply.body).not.toContain(FIXTURE.student.name);
    expect(reply.body).not.toContain(FIXTURE.student.accounts[0]);
    expect(reply.body).not.toMatch(/password_hash|\$argon2/);

    const student = await signInFrom(
      CHROME_ANDROID,
      FIXTURE.student.accounts[0]!,
      STUDENT_PASSWORD,
    );
    const page = await call(
      'POST',
      `${PROFILE_PATHS.dataExport}?format=html`,
      student.access_token,
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="id">');
    expect(page.body).toContain(FIXTURE.student.accounts[0]);
    expect(page.body).not.toContain(FIXTURE.teacher.email);
    expect(page.body).not.toContain(FIXTURE.teacher.accounts[0]);
    expect(page.body).not.toContain('<script');
    await t.app.services.audit.flush();
    const audited = await t.database.db
      .select({ personId: auditEvents.personId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'data-export'), eq(auditEvents.outcome, 'exported')));
    expect(audited).toHaveLength(2);
  });

  it('is limited per account', async () => {
    const teacher = await signInFrom(FIREFOX_WINDOWS);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push(
        (await call('POST', PROFILE_PATHS.dataExport, teacher.access_token)).statusCode,
      );
    }
    // One made in the test before: the third here is the fourth in the hour.
    expect(statuses).toEqual([200, 200, 429]);
    const rows = await rowsOf<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'data-export'`,
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
  });
});
