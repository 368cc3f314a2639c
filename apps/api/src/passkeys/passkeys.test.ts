import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPrefix } from '@portal/contracts/brand';
import {
  PASSKEY_MESSAGES,
  PASSKEY_POLICY,
  STAFF_PASSKEY_ROUTES,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyRegistrationResponse,
  type PasskeyRequestOptions,
} from '@portal/contracts/passkeys';
import { SECOND_FACTOR } from '@portal/contracts/sign-in';
import { auditEvents, passkeyChallenges, passkeys, staffAccounts } from '../db/schema';
import { rowsOf } from '../db/rows-of';
import { createRetentionRepository } from '../retention/retention-repository';
import { createStaffAccounts } from '../sign-in/staff-accounts';
import {
  createSoftAuthenticator,
  type SoftAuthenticator,
} from '../test-support/soft-authenticator';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  createBrowser,
  discoverClient,
  finishSignIn,
  postPassword,
  postStep,
  startSignIn,
  type Browser,
} from '../test-support/platform-sign-in';

// Passkeys for ministry staff (decision 0262): added and removed in the console with
// the staff member's token, used at the sign-in's second factor instead of the app's code. The
// browser is a software authenticator that answers with real WebAuthn responses.

let t: TestApp;
let rp: client.Configuration;

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '1000' });
  rp = await discoverClient(t.app, t.config);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Staff = {
  id: number;
  email: string;
  password: string;
  secret: string;
  token: string;
  authenticator: SoftAuthenticator;
};

const NEW_PASSWORD = 'Kopi tubruk tanpa gula 7';
const browser = (): Browser => createBrowser(t.app, t.config.oidc.issuer);
/** A code of the staff member's app for the step `offset` periods from now (each once). */
const appCode = (secret: string, offset: number) =>
  generate({
    secret,
    epoch: Math.floor(Date.now() / 1000) + offset * SECOND_FACTOR.periodSeconds,
  });

/** A new staff account through its first sign-in: a new password, the app, a console token. */
async function newStaff(name: string): Promise<Staff> {
  const email = `${name}@${t.config.staffDomain}`;
  const { password } = await createStaffAccounts({
    db: t.database.db,
    hasher: t.app.services.hasher,
    staffDomain: t.config.staffDomain,
  }).addStaffAccount(email);
  const b = browser();
  const started = await startSignIn(rp, t.config, b);
  await postPassword(b, t.config, started.uid, { email, password });
  await postStep(b, t.config, started.uid, 'newPassword', { password: NEW_PASSWORD });
  const { secret } = (await postStep(b, t.config, started.uid, 'totpEnrol')).json() as {
    secret: string;
  };
  const confirmed = await postStep(b, t.config, started.uid, 'totpEnrol', {
    code: await appCode(secret, 0),
  });
  const { redirectTo } = confirmed.json() as { redirectTo: string };
  const tokens = await finishSignIn(rp, t.config, b, started, redirectTo);
  const [row] = await t.database.db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email));
  return {
    id: row!.id,
    email,
    password: NEW_PASSWORD,
    secret,
    token: tokens.access_token,
    authenticator: createSoftAuthenticator(t.config.passkeys.origin),
  };
}

/** The console's passkey calls with the staff member's token. */
function consoleCalls(staff: Staff) {
  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${apiPrefix(t.config.brand)}${path}`,
      headers: { authorization: `Bearer ${staff.token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    list: async () =>
      ((await call('GET', STAFF_PASSKEY_ROUTES.passkeys)).json() as { data: { items: Passkey[] } })
        .data.items,
    options: () => call('POST', STAFF_PASSKEY_ROUTES.registrationOptions),
    async openOptions(): Promise<PasskeyCreationOptions> {
      const reply = await call('POST', STAFF_PASSKEY_ROUTES.registrationOptions);
      expect(reply.statusCode).toBe(200);
      return (reply.json() as { data: PasskeyCreationOptions }).data;
    },
    register: (credential: PasskeyRegistrationResponse | object, label?: string) =>
      call('POST', STAFF_PASSKEY_ROUTES.passkeys, { credential, ...(label ? { label } : {}) }),
    remove: (id: string) => call('POST', STAFF_PASSKEY_ROUTES.remove.replace(':id', id)),
  };
}

/** Adds a passkey the way the console page does; answers it as listed. */
async function addPasskey(staff: Staff, label?: string): Promise<Passkey> {
  const calls = consoleCalls(staff);
  const reply = await calls.register(
    staff.authenticator.register(await calls.openOptions()),
    label,
  );
  expect(reply.statusCode).toBe(201);
  return (reply.json() as { data: Passkey }).data;
}

const expectRefused = (reply: { statusCode: number; json: () => unknown }) => {
  expect(reply.statusCode).toBe(400);
  expect(reply.json()).toMatchObject({
    message: PASSKEY_MESSAGES.refused,
    error: { id: 'passkey_refused' },
  });
};

/** A sign-in up to the second factor: the interaction waits at `totp`. */
async function atSecondFactor(staff: Staff) {
  const b = browser();
  const started = await startSignIn(rp, t.config, b);
  const posted = await postPassword(b, t.config, started.uid, {
    email: staff.email,
    password: staff.password,
  });
  expect(posted.json()).toEqual({ step: 'totp' });
  const details = async () =>
    (await b.get(`/oidc/interaction/${started.uid}`)).json() as { step: string; passkey: boolean };
  const options = async (): Promise<PasskeyRequestOptions> => {
    const reply = await postStep(b, t.config, started.uid, 'passkey');
    expect(reply.statusCode).toBe(200);
    return reply.json() as PasskeyRequestOptions;
  };
  const answer = (response: object) => postStep(b, t.config, started.uid, 'passkey', response);
  return { b, started, details, options, answer };
}

const storedPasskeys = (staff: Staff) =>
  t.database.db.select().from(passkeys).where(eq(passkeys.staffId, staff.id));

describe("a staff member's passkeys in the console", () => {
  let staff: Staff;
  beforeAll(async () => {
    staff = await newStaff('rina.kunci');
  }, 60_000);

  it('adds passkeys created with user verification, lists them, and excludes them next time', async () => {
    const calls = consoleCalls(staff);
    const options = await calls.openOptions();
    expect(options).toMatchObject({
      rp: { id: t.config.passkeys.rpId },
      user: { name: staff.email },
      attestation: 'none',
      timeout: PASSKEY_POLICY.challengeMinutes * 60_000,
      authenticatorSelection: { userVerification: 'required' },
      excludeCredentials: [],
    });
    // The user handle is derived, opaque: nothing of the address.
    expect(Buffer.from(options.user.id, 'base64url').toString('latin1')).not.toContain('rina');
    expect(options.pubKeyCredParams.map((param) => param.alg)).toContain(-7);

    const added = await calls.register(staff.authenticator.register(options), ' Laptop kantor ');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ data: { label: 'Laptop kantor', lastUsedAt: null } });
    const second = await addPasskey(staff);
    expect(second.label).toBeNull();

    const listed = await calls.list();
    expect(listed.map((item) => item.label)).toEqual(['Laptop kantor', null]);
    const next = await calls.openOptions();
    expect(next.user.id).toBe(options.user.id);
    expect(next.excludeCredentials?.map((item) => item.id)).toEqual(
      staff.authenticator.credentials.map((item) => item.id.toString('base64url')),
    );
    expect(next.excludeCredentials?.[0]?.transports).toEqual(['internal']);

    const stored = await storedPasskeys(staff);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ signCount: 0, transports: ['internal'] });
    await t.app.services.audit.flush();
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'passkey-add'), eq(auditEvents.actor, `staff:${staff.id}`)),
      );
    expect(audited.map((row) => row.outcome)).toEqual(['added', 'added']);
    expect(audited[0]).toMatchObject({ actor: `staff:${staff.id}`, userType: 'staff' });
  });

  it('refuses another challenge, another origin or relying party, no user verification, and a second answer', async () => {
    const calls = consoleCalls(staff);
    const before = (await calls.list()).length;
    const options = await calls.openOptions();
    const challenge = randomBytes(32).toString('base64url');
    // A challenge the server never gave leaves the open one open...
    expectRefused(await calls.register(staff.authenticator.register(options, { challenge })));
    // ...which an answer from another page, or for another relying party, then spends.
    expectRefused(
      await calls.register(
        staff.authenticator.register(options, { origin: 'https://akun.belajar.id.evil.example' }),
      ),
    );
    expectRefused(await calls.register(staff.authenticator.register(options)));
    const fresh = await calls.openOptions();
    expectRefused(
      await calls.register(staff.authenticator.register(fresh, { rpId: 'evil.example' })),
    );
    const unverified = await calls.openOptions();
    expectRefused(
      await calls.register(staff.authenticator.register(unverified, { userVerified: false })),
    );
    // A right answer, once: the same answer again finds its challenge spent.
    const right = staff.authenticator.register(await calls.openOptions());
    expect((await calls.register(right)).statusCode).toBe(201);
    expectRefused(await calls.register(right));
    expect(await calls.list()).toHaveLength(before + 1);
  });

  it('refuses an answer after its challenge expired, and retention removes such challenges', async () => {
    const calls = consoleCalls(staff);
    const options = await calls.openOptions();
    await t.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.challenge, options.challenge));
    expectRefused(await calls.register(staff.authenticator.register(options)));
    // An expired challenge nobody answered is purged with the other expired records.
    const stale = await calls.openOptions();
    await t.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.challenge, stale.challenge));
    expect(
      (await createRetentionRepository(t.database.db).purgeExpired())[
        'passkey challenges (expired)'
      ],
    ).toBe(1);
  });

  it('answers a bad body and a long label with a 400 naming the field, never a 5xx', async () => {
    const calls = consoleCalls(staff);
    const options = await calls.openOptions();
    const credential = staff.authenticator.register(options);
    const long = await calls.register(credential, 'x'.repeat(PASSKEY_POLICY.labelMaxLength + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      errors: [
        {
          field: 'label',
          message: PASSKEY_MESSAGES.labelTooLong(PASSKEY_POLICY.labelMaxLength),
        },
      ],
    });
    const broken = {
      ...credential,
      response: { ...credential.response, clientDataJSON: 'bukan base64url!' },
    };
    expect((await calls.register(broken)).statusCode).toBe(400);
    const junk = { ...credential, response: { ...credential.response, clientDataJSON: 'e30' } };
    expectRefused(await calls.register(junk));
  });

  it("removes one passkey, only its owner's, and answers those left", async () => {
    const calls = consoleCalls(staff);
    const other = await newStaff('bayu.kunci');
    const theirs = await addPasskey(other);
    const [first, ...rest] = await calls.list();
    expect((await calls.remove(theirs.id)).statusCode).toBe(404);
    expect((await consoleCalls(other).remove(first!.id)).statusCode).toBe(404);
    const removed = await calls.remove(first!.id);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { data: { items: Passkey[] } }).data.items).toEqual(rest);
    const again = await calls.remove(first!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { id: 'passkey_not_found' } });
    expect(await consoleCalls(other).list()).toHaveLength(1);
  });

  it('holds at most the policy number of passkeys', async () => {
    const holder = await newStaff('sari.kunci');
    for (let n = 0; n < PASSKEY_POLICY.maxPerAccount; n += 1) await addPasskey(holder);
    const refused = await consoleCalls(holder).options();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: PASSKEY_MESSAGES.limit(PASSKEY_POLICY.maxPerAccount),
      error: { id: 'passkey_limit' },
    });
  }, 60_000);
});

describe('signing in with a passkey at the second factor', () => {
  let staff: Staff;
  let other: Staff;
  beforeAll(async () => {
    staff = await newStaff('dewi.kunci');
    other = await newStaff('eko.kunci');
    await addPasskey(staff, 'Ponsel');
    await addPasskey(staff, 'Laptop');
    await addPasskey(other);
  }, 60_000);

  it('signs in with a passkey in place of the code and raises its counter', async () => {
    const flow = await atSecondFactor(staff);
    expect(await flow.details()).toMatchObject({ step: 'totp', passkey: true });
    const options = await flow.options();
    expect(options).toMatchObject({ rpId: t.config.passkeys.rpId, userVerification: 'required' });
    expect(options.allowCredentials).toHaveLength(2);
    const answered = await flow.answer(staff.authenticator.authenticate(options));
    expect(answered.statusCode).toBe(200);
    const { redirectTo } = answered.json() as { redirectTo: string };
    const tokens = await finishSignIn(rp, t.config, flow.b, flow.started, redirectTo);
    expect(tokens.claims()).toMatchObject({ email: staff.email });

    const [used] = (await storedPasskeys(staff)).filter((row) => row.label === 'Ponsel');
    expect(used?.signCount).toBe(1);
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
    const [audited] = await rowsOf<{ outcome: string; target_hash: string | null }>(
      t.database.db,
      sql`SELECT outcome, target_hash FROM audit_events
          WHERE action = 'second-factor-passkey' ORDER BY id DESC LIMIT 1`,
    );
    expect(audited).toEqual({
      outcome: 'signed-in',
      target_hash: t.app.services.audit.hash(staff.email),
    });
    // Nothing of the account or its passkey in the logs.
    expect(t.logs()).not.toContain(staff.email);
    expect(t.logs()).not.toContain(staff.authenticator.credentials[0]!.id.toString('base64url'));
  });

  it('refuses another challenge or origin, no user verification, a replay, an unraised counter and a passkey of someone else', async () => {
    const flow = await atSecondFactor(staff);
    const [failuresBefore] = await t.database.db
      .select({ failures: staffAccounts.failures })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staff.id));
    let options = await flow.options();
    const signed = staff.authenticator.authenticate(options);
    expectRefused(
      await flow.answer(
        staff.authenticator.authenticate(options, {
          challenge: randomBytes(32).toString('base64url'),
        }),
      ),
    );
    expectRefused(
      await flow.answer(
        staff.authenticator.authenticate(options, { origin: 'https://evil.example' }),
      ),
    );
    // The bent origin spent the challenge: the right answer to it comes too late.
    expectRefused(await flow.answer(signed));
    options = await flow.options();
    expectRefused(
      await flow.answer(staff.authenticator.authenticate(options, { userVerified: false })),
    );
    options = await flow.options();
    expectRefused(
      await flow.answer(staff.authenticator.authenticate(options, { rpId: 'evil.example' })),
    );
    // A passkey whose counter did not move since it was last accepted: a clone.
    options = await flow.options();
    const [ponsel] = staff.authenticator.credentials;
    const [stored] = (await storedPasskeys(staff)).filter((row) => row.label === 'Ponsel');
    expectRefused(
      await flow.answer(
        staff.authenticator.authenticate(options, {
          credential: ponsel,
          counter: stored!.signCount,
        }),
      ),
    );
    options = await flow.options();
    expectRefused(
      await flow.answer(
        other.authenticator.authenticate(options, {
          credential: other.authenticator.credentials[0],
        }),
      ),
    );
    // Each counted like a wrong code; the interaction still waits for the second factor.
    const [failuresAfter] = await t.database.db
      .select({ failures: staffAccounts.failures })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staff.id));
    expect(failuresAfter!.failures - failuresBefore!.failures).toBe(7);
    expect(await flow.details()).toMatchObject({ step: 'totp' });
    options = await flow.options();
    expect((await flow.answer(staff.authenticator.authenticate(options))).statusCode).toBe(200);
  });

  it('offers no passkey to staff without one, and keeps the app after the last is removed', async () => {
    const calls = consoleCalls(other);
    const [only] = await calls.list();
    expect((await calls.remove(only!.id)).statusCode).toBe(200);
    const flow = await atSecondFactor(other);
    expect(await flow.details()).toMatchObject({ step: 'totp', passkey: false });
    const none = await postStep(flow.b, t.config, flow.started.uid, 'passkey');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: { id: 'passkey_not_found' } });
    const code = await postStep(flow.b, t.config, flow.started.uid, 'totp', {
      code: await appCode(other.secret, 1),
    });
    expect(code.statusCode).toBe(200);
  });

  it('belongs to the second factor only: before the password the passkey calls are refused', async () => {
    const b = browser();
    const started = await startSignIn(rp, t.config, b);
    expect((await postStep(b, t.config, started.uid, 'passkey')).statusCode).toBe(401);
    const options = {
      challenge: randomBytes(32).toString('base64url'),
      rpId: t.config.passkeys.rpId,
    };
    const answer = staff.authenticator.authenticate({
      ...options,
      allowCredentials: [
        { id: staff.authenticator.credentials[0]!.id.toString('base64url'), type: 'public-key' },
      ],
    });
    expect((await postStep(b, t.config, started.uid, 'passkey', answer)).statusCode).toBe(401);
  });
});
