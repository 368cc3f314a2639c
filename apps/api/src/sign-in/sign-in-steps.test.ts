import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { SECOND_FACTOR, SIGN_IN_MESSAGES, SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import { auditEvents, learningAccounts, schoolMemberships, staffAccounts } from '../db/schema';
import { createStaffAccounts, StaffAddressError } from './staff-accounts';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, setPassword } from '../test-support/sign-in-test-app';
import type { TestApp } from '../test-support/test-app';
import {
  createBrowser,
  finishSignIn,
  postPassword,
  postStep,
  startSignIn,
  type Browser,
} from '../test-support/platform-sign-in';

// What a sign-in asks after the password: a new password in place of an initial
// one, and ministry staff's second factor, enrolled at their first sign-in.

const INITIAL = 'Awal-Sementara-2026';
const student = { email: FIXTURE.student.accounts[0]!, password: INITIAL };
const STAFF_EMAIL = 'rina.staf@admin.belajar.id';

let t: TestApp;
let rp: client.Configuration;
let staffPassword: string;

beforeAll(async () => {
  ({ t, rp } = await createSignInTestApp({ SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '1000' }));
  // An initial password set by an admin: the first sign-in must replace it.
  await setPassword(t, [student.email], INITIAL, { mustChange: true });
  ({ password: staffPassword } = await staffAccountsOf().addStaffAccount(STAFF_EMAIL));
});
afterAll(async () => {
  await t?.close();
});

const staffAccountsOf = () =>
  createStaffAccounts({
    db: t.database.db,
    hasher: t.app.services.hasher,
    staffDomain: t.config.staffDomain,
  });
const browser = (): Browser => createBrowser(t.app, t.config.oidc.issuer);

/** A code from the person's app, for a moment `offsetSeconds` from now. */
const appCode = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function passwordStep(b: Browser, credentials: { email: string; password: string }) {
  const started = await startSignIn(rp, t.config, b);
  const posted = await postPassword(b, t.config, started.uid, credentials);
  expect(posted.statusCode).toBe(200);
  return { started, answer: posted.json() as { step?: string; redirectTo?: string } };
}

/** How many completed sign-ins the audit holds for the person of an account (what reads 'Masuk'). */
async function signInsOf(email: string): Promise<number> {
  const [account] = await t.database.db
    .select({ personId: learningAccounts.personId })
    .from(learningAccounts)
    .where(eq(learningAccounts.email, email));
  const rows = await t.database.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'sign-in'),
        eq(auditEvents.outcome, 'signed-in'),
        eq(auditEvents.personId, account!.personId),
      ),
    );
  return rows.length;
}

describe('a first sign-in with an initial password', () => {
  it('asks for a new one before anything else, checks it, and signs in with it', async () => {
    const b = browser();
    const { started, answer } = await passwordStep(b, student);
    expect(answer).toEqual({ step: 'new-password' });
    // Left here, it is no sign-in: the person's activity must not say 'Masuk'.
    expect(await signInsOf(student.email)).toBe(0);
    // A reload of the page resumes at the step.
    const details = await b.get(`/oidc/interaction/${started.uid}`);
    expect(details.json()).toMatchObject({ step: 'new-password' });
    // The other steps are not this interaction's.
    expect((await postStep(b, t.config, started.uid, 'totp', { code: '123456' })).statusCode).toBe(
      401,
    );

    const common = await postStep(b, t.config, started.uid, 'newPassword', {
      password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ error: { id: 'reset_password_common' } });
    const short = await postStep(b, t.config, started.uid, 'newPassword', { password: 'pendek' });
    expect(short.statusCode).toBe(400);
    // The initial password again would keep the one the school holds valid.
    const same = await postStep(b, t.config, started.uid, 'newPassword', { password: INITIAL });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      error: { id: 'reset_password_reused', message: RESET_MESSAGES.passwordReused },
      errors: [{ field: 'password', message: RESET_MESSAGES.passwordReused }],
    });
    const [kept] = await t.database.db
      .select({ must: learningAccounts.mustChangePassword })
      .from(learningAccounts)
      .where(eq(learningAccounts.email, student.email));
    expect(kept?.must).toBe(true);

    const chosen = await postStep(b, t.config, started.uid, 'newPassword', {
      password: 'Sawah hijau di Purworejo',
    });
    expect(chosen.statusCode).toBe(200);
    const { redirectTo } = chosen.json() as { redirectTo: string };
    const tokens = await finishSignIn(rp, t.config, b, started, redirectTo);
    expect(tokens.claims()).toMatchObject({ email: student.email, roles: [] });
    expect(await signInsOf(student.email)).toBe(1);

    // The initial password is gone; the new one needs no further step.
    const [row] = await t.database.db
      .select({ must: learningAccounts.mustChangePassword })
      .from(learningAccounts)
      .where(eq(learningAccounts.email, student.email));
    expect(row?.must).toBe(false);
    const again = await passwordStep(browser(), {
      email: student.email,
      password: 'Sawah hijau di Purworejo',
    });
    expect(again.answer.redirectTo).toBeTruthy();
    expect(await signInsOf(student.email)).toBe(2);
    const old = await postPassword(
      browser(),
      t.config,
      (await startSignIn(rp, t.config, browser())).uid,
      student,
    );
    expect(old.statusCode).toBe(401);
  });
});

describe('a ministry staff sign-in', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('enrols the authenticator app at the first sign-in, after a new password', async () => {
    const b = browser();
    const { started, answer } = await passwordStep(b, {
      email: STAFF_EMAIL,
      password: staffPassword,
    });
    expect(answer).toEqual({ step: 'new-password' });
    const same = await postStep(b, t.config, started.uid, 'newPassword', {
      password: staffPassword,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ error: { id: 'reset_password_reused' } });
    const chosen = await postStep(b, t.config, started.uid, 'newPassword', {
      password: 'Kopi tubruk tanpa gula 7',
    });
    expect(chosen.json()).toEqual({ step: 'totp-enrol' });

    const enrolment = await postStep(b, t.config, started.uid, 'totpEnrol');
    expect(enrolment.statusCode).toBe(200);
    const body = enrolment.json() as { secret: string; otpauth_uri: string; qr_code: string };
    secret = body.secret;
    expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(body.otpauth_uri).toContain(`secret=${secret}`);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    // The secret is sealed at rest, never stored as the app shows it.
    const [stored] = await t.database.db.select().from(staffAccounts);
    expect(stored?.totpSecretSealed).toBeTruthy();
    expect(stored?.totpSecretSealed).not.toContain(secret);

    const wrong = await postStep(b, t.config, started.uid, 'totpEnrol', {
      code: await appCode(secret, 600),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: SIGN_IN_MESSAGES.codeInvalid,
      error: { id: 'sign_in_code_invalid' },
    });

    const confirmed = await postStep(b, t.config, started.uid, 'totpEnrol', {
      code: await appCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const enrolled = confirmed.json() as { recovery_codes: string[]; redirectTo: string };
    recoveryCodes = enrolled.recovery_codes;
    expect(recoveryCodes).toHaveLength(SECOND_FACTOR.recoveryCodes);
    for (const code of recoveryCodes) expect(code).toMatch(SECOND_FACTOR.recoveryCodePattern);
    const tokens = await finishSignIn(rp, t.config, b, started, enrolled.redirectTo);
    expect(tokens.claims()).toMatchObject({ email: STAFF_EMAIL, roles: ['staff'] });
  });

  it('asks enrolled staff for a code, accepts each code once, and a recovery code once', async () => {
    const b = browser();
    const credentials = { email: STAFF_EMAIL, password: 'Kopi tubruk tanpa gula 7' };
    const first = await passwordStep(b, credentials);
    expect(first.answer).toEqual({ step: 'totp' });
    // The code of the enrolment, a moment ago, is spent: the next step's code is not.
    const replayed = await postStep(b, t.config, first.started.uid, 'totp', {
      code: await appCode(secret),
    });
    expect(replayed.statusCode).toBe(400);
    const next = await postStep(b, t.config, first.started.uid, 'totp', {
      code: await appCode(secret, SECOND_FACTOR.periodSeconds),
    });
    expect(next.statusCode).toBe(200);
    await finishSignIn(
      rp,
      t.config,
      b,
      first.started,
      (next.json() as { redirectTo: string }).redirectTo,
    );

    const [recovery] = recoveryCodes;
    for (const expected of [200, 400]) {
      const other = browser();
      const { started } = await passwordStep(other, credentials);
      const used = await postStep(other, t.config, started.uid, 'totp', {
        recovery_code: recovery!.toUpperCase(),
      });
      expect(used.statusCode).toBe(expected);
    }
  });

  it('counts wrong codes toward the lockout, which then refuses even a right one', async () => {
    const b = browser();
    const { started } = await passwordStep(b, {
      email: STAFF_EMAIL,
      password: 'Kopi tubruk tanpa gula 7',
    });
    for (let attempt = 0; attempt < SIGN_IN_POLICY.maxWrongPasswords; attempt += 1) {
      const wrong = await postStep(b, t.config, started.uid, 'totp', {
        recovery_code: 'aaaaa-aaaaa',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await postStep(b, t.config, started.uid, 'totp', {
      recovery_code: recoveryCodes[1]!,
    });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ error: { id: 'sign_in_code_invalid' } });
    const locks = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'sign-in-lock'));
    expect(locks.length).toBeGreaterThan(0);
  });

  it('refuses a second account for the same address and any address outside the staff domain', async () => {
    expect((await staffAccountsOf().addStaffAccount(STAFF_EMAIL.toUpperCase())).created).toBe(
      false,
    );
    await expect(staffAccountsOf().addStaffAccount('rina@belajar.id')).rejects.toThrow(
      StaffAddressError,
    );
  });
});

describe('school-admin rights', () => {
  it('come from the registry: a school operator carries the role and the school', async () => {
    const [teacher] = await t.database.db
      .select({ personId: learningAccounts.personId, id: learningAccounts.id })
      .from(learningAccounts)
      .where(eq(learningAccounts.email, FIXTURE.teacher.accounts[0]!));
    const before = await t.app.services.signIn.accountClaims(String(teacher!.id));
    expect(before).toMatchObject({ roles: [], userType: 'ptk' });
    expect(before!.schools).not.toContainEqual(expect.objectContaining({ role: 'operator' }));
    // A school they ran and left gives no role and is not among their schools.
    await t.database.db.insert(schoolMemberships).values({
      personId: teacher!.personId,
      npsn: FIXTURE.smp.npsn,
      role: 'operator',
      leftOn: '2025-06-30',
    });
    const left = await t.app.services.signIn.accountClaims(String(teacher!.id));
    expect(left).toMatchObject({ roles: [] });
    expect(left!.schools).not.toContainEqual(expect.objectContaining({ role: 'operator' }));
    await t.database.db
      .insert(schoolMemberships)
      .values({ personId: teacher!.personId, npsn: FIXTURE.sd.npsn, role: 'operator' });
    const after = await t.app.services.signIn.accountClaims(String(teacher!.id));
    expect(after).toMatchObject({ roles: ['school_admin'] });
    expect(after!.schools).toContainEqual({ ...FIXTURE.sd, role: 'operator' });
  });
});
