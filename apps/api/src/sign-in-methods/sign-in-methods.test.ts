import { and, asc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type * as client from 'openid-client';
import { refreshTokenGrant } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPrefix } from '@portal/contracts/brand';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@portal/contracts/passkeys';
import { PROFILE_PATH } from '@portal/contracts/profile';
import { schoolAdminPaths, STUDENT_REQUEST_PATH } from '@portal/contracts/school-admin';
import { ASSURANCE_LEVELS, SIGN_IN_MESSAGES, SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import {
  SECOND_FACTOR_POLICY,
  SIGN_IN_METHODS_MESSAGES,
  SIGN_IN_METHODS_ROUTES,
  type SignInMethods,
} from '@portal/contracts/sign-in-methods';
import {
  accountRecoveryCodes,
  auditEvents,
  codeLocks,
  codeWrongEntries,
  learningAccounts,
  outboxMessages,
  schoolMemberships,
} from '../db/schema';
import {
  appCode,
  enrolAuthenticator,
  signInWithSecondFactor,
} from '../test-support/account-second-factor';
import { FIXTURE } from '../test-support/registry-fixture';
import { createSignInTestApp, setPassword } from '../test-support/sign-in-test-app';
import { createSoftAuthenticator } from '../test-support/soft-authenticator';
import type { TestApp } from '../test-support/test-app';
import {
  createBrowser,
  finishSignIn,
  postPassword,
  postStep,
  signIn,
  startSignIn,
} from '../test-support/platform-sign-in';

// A second factor for every account holder, optional for teachers and students and
// required of school admins before their sensitive actions; the tokens say how the person
// signed in (decision 0269).

const PASSWORD = 'Kapur tulis di papan hitam';

let t: TestApp;
let rp: client.Configuration;
let ids: Record<string, number>;
let prefix: string;

beforeAll(async () => {
  ({ t, rp, ids } = await createSignInTestApp({ SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '1000' }));
  prefix = apiPrefix(t.config.brand);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const browser = () => createBrowser(t.app, t.config.oidc.issuer);

/** A fresh account for one test: the fixture teacher's second account, or the student's. */
async function accountWithPassword(email: string) {
  await setPassword(t, [email], PASSWORD);
  const [row] = await t.database.db
    .select({ id: learningAccounts.id, personId: learningAccounts.personId })
    .from(learningAccounts)
    .where(eq(learningAccounts.email, email));
  return { email, password: PASSWORD, id: row!.id, personId: row!.personId };
}

const call = (token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${prefix}${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });

const methodsOf = async (token: string) =>
  ((await call(token, 'GET', SIGN_IN_METHODS_ROUTES.overview)).json() as { data: SignInMethods })
    .data;

describe('an account without a second factor', () => {
  it('signs in with the password alone, and its tokens say so (AAL1, pwd)', async () => {
    const teacher = { email: FIXTURE.teacher.accounts[0]!, password: 'Guru-Bandung-2026' };
    const tokens = await signIn(rp, t.config, browser(), teacher);
    expect(tokens.claims()).toMatchObject({
      email: teacher.email,
      amr: ['pwd'],
      acr: ASSURANCE_LEVELS.aal1,
    });
    expect(typeof tokens.claims()?.auth_time).toBe('number');
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      amr: ['pwd'],
      acr: ASSURANCE_LEVELS.aal1,
      auth_time: tokens.claims()?.auth_time,
    });
    const methods = await methodsOf(tokens.access_token);
    expect(methods).toEqual({
      totp: null,
      passkeys: [],
      recoveryCodesLeft: 0,
      requiredForSchoolAdmin: false,
    });
  });
});

describe('an authenticator app', () => {
  it('is enrolled from the profile, then asked for after the password (AAL2, otp)', async () => {
    const student = await accountWithPassword(FIXTURE.student.accounts[0]!);
    const first = await signIn(rp, t.config, browser(), student);
    const token = first.access_token;
    const started = await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpStart);
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_uri } = started.json().data as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toContain('otpauth://totp/');
    // Not enrolled until a first code confirms it: the sign-in still asks the password only.
    expect((await methodsOf(token)).totp).toBeNull();
    const wrong = await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpConfirm, {
      code: String((Number(await appCode(secret)) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(400);
    // Only a code was typed: the answer speaks of the code, not of a password.
    expect(wrong.json()).toMatchObject({
      error: { id: 'sign_in_code_invalid', message: SIGN_IN_MESSAGES.codeInvalid },
      errors: [{ field: 'code', message: SIGN_IN_MESSAGES.codeInvalid }],
    });
    const malformed = await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpConfirm, {
      code: '12ab',
    });
    expect(malformed.statusCode).toBe(400);

    const confirmed = await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpConfirm, {
      code: await appCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    const methods = await methodsOf(token);
    expect(methods.totp).not.toBeNull();
    expect(methods.recoveryCodesLeft).toBe(10);
    // A second enrolment while one is held is refused.
    expect((await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpStart)).statusCode).toBe(409);

    // The enrolment is in the person's security history.
    const profile = (await call(token, 'GET', PROFILE_PATH)).json().data as {
      activity: { event: string }[];
    };
    expect(profile.activity.map((item) => item.event)).toContain('second_factor_added');

    // The sign-in now asks for a code after the password.
    const b = browser();
    const flow = await startSignIn(rp, t.config, b);
    const posted = await postPassword(b, t.config, flow.uid, student);
    expect(posted.json()).toEqual({ step: 'totp' });
    expect((await b.get(`/oidc/interaction/${flow.uid}`)).json()).toMatchObject({
      step: 'totp',
      totp: true,
      passkey: false,
    });
    const answered = await postStep(b, t.config, flow.uid, 'totp', {
      code: await appCode(secret, 1),
    });
    expect(answered.statusCode).toBe(200);
    const tokens = await finishSignIn(
      rp,
      t.config,
      b,
      flow,
      (answered.json() as { redirectTo: string }).redirectTo,
    );
    expect(tokens.claims()).toMatchObject({ amr: ['pwd', 'otp'], acr: ASSURANCE_LEVELS.aal2 });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      amr: ['pwd', 'otp'],
      acr: ASSURANCE_LEVELS.aal2,
    });
    // A refreshed access token still tells the sign-in it came from.
    const refreshed = await refreshTokenGrant(rp, tokens.refresh_token!, {
      resource: t.config.oidc.audience,
    });
    expect(decodeJwt(refreshed.access_token)).toMatchObject({
      amr: ['pwd', 'otp'],
      acr: ASSURANCE_LEVELS.aal2,
      auth_time: tokens.claims()?.auth_time,
    });
  });

  it('counts wrong codes with wrong passwords toward the lock, and accepts a recovery code once', async () => {
    const teacher = await accountWithPassword(FIXTURE.teacher.accounts[1]!);
    // The fixture teacher's two accounts are one person: the first account's lock is theirs.
    const token = (await signIn(rp, t.config, browser(), teacher)).access_token;
    const { secret, recoveryCodes } = await enrolAuthenticator(t, token);

    const b = browser();
    const flow = await startSignIn(rp, t.config, b);
    await postPassword(b, t.config, flow.uid, teacher);
    const before = await wrongEntries(teacher.personId);
    const wrong = await postStep(b, t.config, flow.uid, 'totp', {
      code: String((Number(await appCode(secret, 1)) + 7) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.id).toBe('sign_in_code_invalid');
    expect(await wrongEntries(teacher.personId)).toBe(before + 1);
    const audited = await t.database.db
      .select({ outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'second-factor'), eq(auditEvents.personId, teacher.personId)),
      );
    expect(audited.map((row) => row.outcome)).toContain('wrong');

    // A recovery code signs in once; the same code again is refused.
    const recovery = recoveryCodes[0]!;
    const used = await postStep(b, t.config, flow.uid, 'totp', { recovery_code: recovery });
    expect(used.statusCode).toBe(200);
    const tokens = await finishSignIn(
      rp,
      t.config,
      b,
      flow,
      (used.json() as { redirectTo: string }).redirectTo,
    );
    expect(tokens.claims()).toMatchObject({ amr: ['pwd', 'otp'], acr: ASSURANCE_LEVELS.aal2 });
    await expect(
      signInWithSecondFactor(t, rp, teacher, { recovery_code: recovery }),
    ).rejects.toThrow(/second factor refused/);
    expect((await methodsOf(token)).recoveryCodesLeft).toBe(9);

    // Enough wrong answers lock the person; then even a right code is refused.
    const locker = browser();
    const locking = await startSignIn(rp, t.config, locker);
    await postPassword(locker, t.config, locking.uid, teacher);
    for (let n = await wrongEntries(teacher.personId); n < SIGN_IN_POLICY.maxWrongPasswords;) {
      await postStep(locker, t.config, locking.uid, 'totp', { code: '000000' });
      const now = await wrongEntries(teacher.personId);
      if (now === 0) break; // locked: the count starts afresh
      n = now;
    }
    const locked = await postStep(locker, t.config, locking.uid, 'totp', {
      recovery_code: recoveryCodes[1]!,
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error.id).toBe('sign_in_code_invalid');
    // Unlocked for the other tests.
    await t.database.db.delete(codeLocks).where(eq(codeLocks.personId, teacher.personId));
  });

  it('is removed only with the password or a code, counted, audited; the recovery codes go with it', async () => {
    const teacher = { email: FIXTURE.teacher.accounts[0]!, password: 'Guru-Bandung-2026' };
    const { secret, recoveryCodes } = await enrolAuthenticator(
      t,
      (await signIn(rp, t.config, browser(), teacher)).access_token,
    );
    // A change of factors once one exists takes a recent sign-in with it.
    const token = (
      await signInWithSecondFactor(t, rp, teacher, { recovery_code: recoveryCodes[0]! })
    ).access_token;
    const [account] = await t.database.db
      .select({ id: learningAccounts.id, personId: learningAccounts.personId })
      .from(learningAccounts)
      .where(eq(learningAccounts.email, teacher.email));
    const before = await wrongEntries(account!.personId);
    const refused = await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpRemove, {
      confirmation: { password: 'bukan kata sandinya' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      id: 'confirmation_failed',
      message: SIGN_IN_METHODS_MESSAGES.confirmationFailed,
    });
    expect(await wrongEntries(account!.personId)).toBe(before + 1);
    expect((await methodsOf(token)).totp).not.toBeNull();

    const removed = await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpRemove, {
      confirmation: { code: await appCode(secret, 1) },
    });
    expect(removed.statusCode).toBe(204);
    expect(await methodsOf(token)).toMatchObject({ totp: null, recoveryCodesLeft: 0 });
    const codes = await t.database.db
      .select()
      .from(accountRecoveryCodes)
      .where(eq(accountRecoveryCodes.accountId, account!.id));
    expect(codes).toEqual([]);
    const history = (await call(token, 'GET', PROFILE_PATH)).json().data as {
      activity: { event: string }[];
    };
    expect(history.activity.map((item) => item.event)).toContain('second_factor_removed');
    // Without a factor, the sign-in is the password alone again.
    const again = await signIn(rp, t.config, browser(), teacher);
    expect(again.claims()).toMatchObject({ acr: ASSURANCE_LEVELS.aal1 });
  });
});

describe('a passkey', () => {
  it('is added from the profile, brings recovery codes, and answers the sign-in (AAL2, hwk)', async () => {
    const dinas = await dinasAccount();
    const token = (await signIn(rp, t.config, browser(), dinas)).access_token;
    const authenticator = createSoftAuthenticator(t.config.passkeys.origin);
    const options = (await call(token, 'POST', SIGN_IN_METHODS_ROUTES.passkeyOptions)).json()
      .data as PasskeyCreationOptions;
    const added = await call(token, 'POST', SIGN_IN_METHODS_ROUTES.passkeys, {
      credential: authenticator.register(options),
      label: 'Laptop dinas',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.recovery_codes).toHaveLength(10);
    const methods = await methodsOf(token);
    expect(methods).toMatchObject({ totp: null, recoveryCodesLeft: 10 });
    expect(methods.passkeys.map((p) => p.label)).toEqual(['Laptop dinas']);

    const b = browser();
    const flow = await startSignIn(rp, t.config, b);
    expect((await postPassword(b, t.config, flow.uid, dinas)).json()).toEqual({ step: 'totp' });
    expect((await b.get(`/oidc/interaction/${flow.uid}`)).json()).toMatchObject({
      totp: false,
      passkey: true,
    });
    // No app: a code is refused, whatever it is.
    expect((await postStep(b, t.config, flow.uid, 'totp', { code: '123456' })).statusCode).toBe(
      400,
    );
    const challenge = (
      await postStep(b, t.config, flow.uid, 'passkey')
    ).json() as PasskeyRequestOptions;
    const answered = await postStep(
      b,
      t.config,
      flow.uid,
      'passkey',
      authenticator.authenticate(challenge),
    );
    expect(answered.statusCode).toBe(200);
    const tokens = await finishSignIn(
      rp,
      t.config,
      b,
      flow,
      (answered.json() as { redirectTo: string }).redirectTo,
    );
    expect(tokens.claims()).toMatchObject({ amr: ['pwd', 'hwk'], acr: ASSURANCE_LEVELS.aal2 });

    // Removing it takes the password, from a session signed in with it; the last factor gone,
    // the recovery codes go too.
    const id = methods.passkeys[0]!.id;
    const path = SIGN_IN_METHODS_ROUTES.passkeyRemove.replace(':id', id);
    const strong = tokens.access_token;
    expect(
      (await call(strong, 'POST', path, { confirmation: { password: 'salah' } })).statusCode,
    ).toBe(400);
    expect(
      (await call(strong, 'POST', path, { confirmation: { password: dinas.password } })).statusCode,
    ).toBe(204);
    expect(await methodsOf(strong)).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    const audited = await t.database.db
      .select({ action: auditEvents.action, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(eq(auditEvents.personId, dinas.personId));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'second-factor-add', outcome: 'passkey' },
        { action: 'second-factor-remove', outcome: 'passkey' },
      ]),
    );
  });
});

describe('a session from before the second factor', () => {
  it('cannot change the factors once one exists; a recent sign-in with it can, and each add is told', async () => {
    await t.database.db.insert(learningAccounts).values({
      email: 'budi.sma@belajar.id',
      kind: 'ptk',
      personId: ids['newTeacher']!,
      schoolLevel: 'SMA',
    });
    const holder = await accountWithPassword('budi.sma@belajar.id');
    const before = await signIn(rp, t.config, browser(), holder);
    const old = before.access_token;
    // The first factor may come from a password session: there is nothing to step up to yet.
    const { secret, recoveryCodes } = await enrolAuthenticator(t, old);
    expect(await noticesTo(FIXTURE.newTeacher.email)).toEqual([
      expect.objectContaining({
        template: 'second-factor-added',
        language: 'id',
        subject: 'Faktor kedua baru ditambahkan ke Akun belajar.id Anda',
      }),
    ]);
    const notice = (await noticesTo(FIXTURE.newTeacher.email))[0]!;
    expect(notice.bodyText).toContain('Aplikasi autentikator ditambahkan');
    expect(notice.bodyText).toContain(holder.email);

    // The password session, and a refresh of it, can no longer change any factor.
    const refreshed = (
      await refreshTokenGrant(rp, before.refresh_token!, { resource: t.config.oidc.audience })
    ).access_token;
    const strong = await signInWithSecondFactor(t, rp, holder, {
      recovery_code: recoveryCodes[0]!,
    });
    const options = (
      await call(strong.access_token, 'POST', SIGN_IN_METHODS_ROUTES.passkeyOptions)
    ).json().data as PasskeyCreationOptions;
    const authenticator = createSoftAuthenticator(t.config.passkeys.origin);
    const password = { confirmation: { password: holder.password } };
    for (const token of [old, refreshed]) {
      const refused = [
        await call(token, 'POST', SIGN_IN_METHODS_ROUTES.recoveryCodes, password),
        await call(token, 'POST', SIGN_IN_METHODS_ROUTES.passkeyOptions),
        await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpRemove, password),
        await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpRemove, {
          confirmation: { code: await appCode(secret, 1) },
        }),
      ];
      for (const reply of refused) {
        expect(reply.statusCode).toBe(403);
        expect(reply.json().error).toMatchObject({
          id: 'reauthentication_required',
          message: SIGN_IN_METHODS_MESSAGES.reauthenticationRequired,
        });
        expect(reply.headers['www-authenticate']).toContain('insufficient_user_authentication');
      }
    }
    // A passkey answered to options a strong session opened is still refused to the old one.
    const added = await call(old, 'POST', SIGN_IN_METHODS_ROUTES.passkeys, {
      credential: authenticator.register(options),
    });
    expect(added.statusCode).toBe(403);
    expect(added.json().error.id).toBe('reauthentication_required');
    expect(await methodsOf(strong.access_token)).toMatchObject({
      totp: { enrolledAt: expect.any(String) },
      passkeys: [],
      recoveryCodesLeft: 9,
    });
    expect(await noticesTo(FIXTURE.newTeacher.email)).toHaveLength(1);

    // At the second factor's level, recently: the changes go through, each add told.
    const renewed = await call(
      strong.access_token,
      'POST',
      SIGN_IN_METHODS_ROUTES.recoveryCodes,
      password,
    );
    expect(renewed.statusCode).toBe(200);
    const strongOptions = (
      await call(strong.access_token, 'POST', SIGN_IN_METHODS_ROUTES.passkeyOptions)
    ).json().data as PasskeyCreationOptions;
    const passkey = await call(strong.access_token, 'POST', SIGN_IN_METHODS_ROUTES.passkeys, {
      credential: authenticator.register(strongOptions),
    });
    expect(passkey.statusCode).toBe(201);
    expect(passkey.json().data.recovery_codes).toBeNull();
    const told = await noticesTo(FIXTURE.newTeacher.email);
    expect(told).toHaveLength(2);
    expect(told[1]!.bodyText).toContain('Passkey ditambahkan');

    // Older than the step-up's minutes, the same session is asked to sign in again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (SECOND_FACTOR_POLICY.schoolAdminMaxAgeMinutes + 1) * 60_000);
      const later = await refreshTokenGrant(rp, strong.refresh_token!, {
        resource: t.config.oidc.audience,
      });
      const stale = await call(
        later.access_token,
        'POST',
        SIGN_IN_METHODS_ROUTES.recoveryCodes,
        password,
      );
      expect(stale.statusCode).toBe(403);
      expect(stale.json().error.id).toBe('reauthentication_required');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('two first factors added at once', () => {
  it('issue recovery codes once: the codes shown are the ones that work', async () => {
    await t.database.db.insert(learningAccounts).values({
      email: 'budi.kembar@belajar.id',
      kind: 'ptk',
      personId: ids['newTeacher']!,
      schoolLevel: 'SMP',
    });
    const holder = await accountWithPassword('budi.kembar@belajar.id');
    const token = (await signIn(rp, t.config, browser(), holder)).access_token;
    const { secret } = (await call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpStart)).json()
      .data as { secret: string };
    const options = (await call(token, 'POST', SIGN_IN_METHODS_ROUTES.passkeyOptions)).json()
      .data as PasskeyCreationOptions;
    const credential = createSoftAuthenticator(t.config.passkeys.origin).register(options);

    const replies = await Promise.all([
      call(token, 'POST', SIGN_IN_METHODS_ROUTES.totpConfirm, { code: await appCode(secret) }),
      call(token, 'POST', SIGN_IN_METHODS_ROUTES.passkeys, { credential }),
    ]);
    const issued = replies.flatMap(
      (reply) => (reply.json().data?.recovery_codes as string[] | null | undefined) ?? [],
    );
    expect(issued).toHaveLength(10);
    // The other one came second: added without codes, or refused for want of a fresh second
    // factor now that the first exists.
    for (const reply of replies) {
      if (reply.statusCode === 403) {
        expect(reply.json().error.id).toBe('reauthentication_required');
      } else {
        expect([200, 201]).toContain(reply.statusCode);
      }
    }
    expect((await methodsOf(token)).recoveryCodesLeft).toBe(10);
    // The codes shown are the ones kept: one of them signs in.
    const strong = await signInWithSecondFactor(t, rp, holder, { recovery_code: issued[0]! });
    expect(strong.claims()).toMatchObject({ acr: ASSURANCE_LEVELS.aal2 });
  });
});

describe("a school admin's sensitive routes", () => {
  it('refuse a password-only token, accept a second factor, and ask again when it is old', async () => {
    // The fixture's new teacher becomes the SD's operator.
    await t.database.db
      .insert(schoolMemberships)
      .values({ personId: ids['newTeacher']!, npsn: FIXTURE.sd.npsn, role: 'operator' });
    const email = 'operator.sd@belajar.id';
    await t.database.db
      .insert(learningAccounts)
      .values({ email, kind: 'ptk', personId: ids['newTeacher']!, schoolLevel: 'SD' });
    const admin = await accountWithPassword(email);
    const paths = schoolAdminPaths(FIXTURE.sd.npsn);
    const sensitive = (token: string) => [
      call(token, 'POST', STUDENT_REQUEST_PATH, {
        npsn: FIXTURE.sd.npsn,
        students: [{ id: '999999' }],
      }),
      call(token, 'POST', paths.requestCsv('999999')),
      call(token, 'POST', paths.accountPasswordReset('999999')),
    ];

    const password = await signIn(rp, t.config, browser(), admin);
    expect((await methodsOf(password.access_token)).requiredForSchoolAdmin).toBe(true);
    // Reading the school's students needs no second factor.
    expect((await call(password.access_token, 'POST', paths.studentSearch, {})).statusCode).toBe(
      200,
    );
    for (const reply of await Promise.all(sensitive(password.access_token))) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json().error).toMatchObject({
        id: 'second_factor_required',
        message: SIGN_IN_METHODS_MESSAGES.secondFactorRequired,
      });
      expect(reply.headers['www-authenticate']).toContain('insufficient_user_authentication');
    }

    // Enrolled, the password-only token is still refused: the sign-in must use the factor.
    const { secret } = await enrolAuthenticator(t, password.access_token);
    expect((await Promise.all(sensitive(password.access_token)))[0]!.statusCode).toBe(403);
    const strong = await signInWithSecondFactor(t, rp, admin, { code: await appCode(secret, 1) });
    const [submitted, csv, reset] = await Promise.all(sensitive(strong.access_token));
    // Past the access hook: the handlers' own answers about unknown students and requests.
    expect(submitted!.statusCode).toBe(400);
    expect(submitted!.json().error.id).toBe('students_not_requestable');
    expect(csv!.statusCode).toBe(404);
    expect(reset!.statusCode).toBe(404);

    // Older than the limit: the refreshed token keeps the sign-in's time, and is asked again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (SECOND_FACTOR_POLICY.schoolAdminMaxAgeMinutes + 1) * 60_000);
      const later = await refreshTokenGrant(rp, strong.refresh_token!, {
        resource: t.config.oidc.audience,
      });
      const stale = await call(later.access_token, 'POST', paths.accountPasswordReset('999999'));
      expect(stale.statusCode).toBe(403);
      expect(stale.json().error).toMatchObject({
        id: 'reauthentication_required',
        message: SIGN_IN_METHODS_MESSAGES.reauthenticationRequired,
      });
      // The web signs in again with max_age: a fresh check passes.
      const fresh = await signInWithSecondFactor(
        t,
        rp,
        admin,
        { code: await appCode(secret) },
        browser(),
        { max_age: String(SECOND_FACTOR_POLICY.schoolAdminMaxAgeMinutes * 60) },
      );
      const after = await call(fresh.access_token, 'POST', paths.accountPasswordReset('999999'));
      expect(after.statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The messages the outbox holds for an address, oldest first. */
const noticesTo = (recipient: string) =>
  t.database.db
    .select({
      template: outboxMessages.template,
      language: outboxMessages.language,
      subject: outboxMessages.subject,
      bodyText: outboxMessages.bodyText,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(asc(outboxMessages.id));

async function wrongEntries(personId: number): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(codeWrongEntries)
    .where(and(eq(codeWrongEntries.personId, personId), eq(codeWrongEntries.flow, 'sign-in')));
  return rows.length;
}

async function dinasAccount() {
  const [row] = await t.database.db
    .select({ email: learningAccounts.email })
    .from(learningAccounts)
    .where(eq(learningAccounts.personId, ids['dinas']!));
  return accountWithPassword(row!.email);
}
