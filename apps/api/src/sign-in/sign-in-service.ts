import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import { PASSKEY_MESSAGES, type PasskeyAuthenticationResponse } from '@portal/contracts/passkeys';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import {
  AUTHENTICATION_METHODS,
  SIGN_IN_MESSAGES,
  SIGN_IN_POLICY,
  type SignInBody,
  type SignInStep,
  type TotpBody,
} from '@portal/contracts/sign-in';
import type { AuditLog } from '../audit/audit-log';
import type { BotCheckService } from '../bot-check/bot-check-service';
import { newPasswordRefusal } from '../credentials/new-password-rules';
import type { PasswordHasher } from '../credentials/password-hasher';
import { createSealer } from '../credentials/sealing';
import type { Db, Transaction } from '../db/database';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import {
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../http/domain-errors';
import { enforceLimit, type RateLimitStore } from '../counters/rate-limit-store';
import { logBackgroundError } from '../logging/logger-options';
import type { Metrics } from '../metrics/metrics';
import type { PasskeysService } from '../passkeys/passkeys-service';
import type { SignInMethodsService } from '../sign-in-methods/sign-in-methods-service';
import type { AccountClaims } from './oidc-provider';
import {
  acceptedTotpStep,
  matchingRecoveryHash,
  newRecoveryCodes,
  newTotpEnrolment,
} from '../credentials/second-factor';
import {
  createSignInRepository,
  type SignInRepository,
  type StaffAccount,
} from './sign-in-repository';

type Dependencies = {
  db: Db;
  hasher: PasswordHasher;
  botCheck: BotCheckService;
  audit: AuditLog;
  /** LOGIN off: learning accounts cannot sign in; staff can, to switch it back on. */
  toggles: Pick<FeatureTogglesService, 'isEnabled'>;
  counters: RateLimitStore;
  limitPerIpPerMinute: number;
  /** Token requests the provider granted one client, per minute (decision 0283). */
  tokenLimitPerClientPerMinute: number;
  /** Token requests the provider refused from one address, per minute (decision 0283). */
  tokenRefusalsPerAddressPerMinute: number;
  /** Addresses in this domain are ministry staff: a second factor, the `staff` role. */
  staffDomain: string;
  /** Seals the staff's TOTP secrets in the database. */
  tokenSecret: string;
  /** Staff's passkeys, their second factor beside the authenticator app (decision 0262). */
  passkeys: Pick<PasskeysService, 'count' | 'authenticationOptions' | 'verifyAuthentication'>;
  /** A learning account's optional second factor: which it holds, and its codes. */
  secondFactors: Pick<SignInMethodsService, 'factorsOf' | 'codeAccepted'>;
  /** Ends every session and refresh token of an account (a new password). */
  revokeSignIns: (tx: Transaction, accountId: string) => Promise<void>;
  /** Counts attempts and locks, by kind of account and outcome only. */
  metrics: Pick<Metrics, 'signInAttempt'>;
  /** Remembers what a person agreed a platform may receive. */
  connectPlatform: (
    accountId: string,
    clientId: string,
    scopes: readonly string[],
  ) => Promise<void>;
  /** Every answer to a password takes at least this long (tests lower it). */
  answerFloorMs?: number;
  /** How long the provider's claims of an account are kept (tests set 0: always read). */
  claimsCacheSeconds?: number;
};

// A burst of one account's sign-in and grants reads its claims once; a change reaches the
// tokens within this long (or at once, where the change drops them: `forgetClaims`).
const CLAIMS_CACHE_SECONDS = 5;
// Enough for every account signing in within the cache's seconds at the July peak on one instance.
const CLAIMS_KEPT = 50_000;

type Outcome = 'signed-in' | 'wrong' | 'locked' | 'unknown-account' | 'no-password';

/** How the second factor was answered, as RFC 8176 names it for the tokens' `amr`. */
export type SecondFactorMethod =
  | typeof AUTHENTICATION_METHODS.oneTimePassword
  | typeof AUTHENTICATION_METHODS.hardwareKey
  | typeof AUTHENTICATION_METHODS.softwareKey;

/**
 * An account the provider knows by its id: a learning account by its number, a staff account
 * as `staff:<number>`.
 */
export type AccountRef = { kind: 'learning' | 'staff'; id: number };

export const accountIdOf = (ref: AccountRef): string =>
  ref.kind === 'staff' ? `staff:${ref.id}` : String(ref.id);

export function accountRefOf(accountId: string): AccountRef | undefined {
  const match = /^(staff:)?(\d{1,18})$/.exec(accountId);
  if (!match) return undefined;
  return { kind: match[1] ? 'staff' : 'learning', id: Number(match[2]) };
}

/** The school roles that run a school: the portal's `school_admin` role. */
const ADMIN_ROLES: readonly string[] = ['principal', 'operator'];

const MINUTE_MS = 60_000;
const FAILURE_WINDOW_MS = SIGN_IN_POLICY.wrongWindowMinutes * MINUTE_MS;
const failuresKey = (ip: string) => `sign-in-failures-ip:${ip}`;
const tokenClientKey = (clientId: string) => `token-client:${clientId}`;
const tokenRefusalsKey = (ip: string) => `token-refused-ip:${ip}`;

const failed = () =>
  new UnauthorizedError({ id: 'sign_in_failed', message: SIGN_IN_MESSAGES.failed });

const codeRefused = () =>
  new ValidationError([{ field: 'code', message: SIGN_IN_MESSAGES.codeInvalid }], {
    id: 'sign_in_code_invalid',
    message: SIGN_IN_MESSAGES.codeInvalid,
  });

const passkeyRefused = () =>
  new ValidationError([], { id: 'passkey_refused', message: PASSKEY_MESSAGES.refused });

/** The step a staff account goes to for its second factor. */
const secondFactorStep = (staff: StaffAccount): SignInStep =>
  staff.totpEnrolledAt ? 'totp' : 'totp-enrol';

/**
 * The password check of the sign-in page, with DESIGN.md's lockout: wrong passwords counted per
 * account in the database, a lock answered exactly like a wrong password (same body, same floor,
 * a hash computed either way), every attempt audited by keyed hash and internal id. After the
 * password: a new one in place of an initial one, and staff's second factor.
 */
export function createSignInService(deps: Dependencies) {
  const { db, hasher, audit, counters } = deps;
  const repository = createSignInRepository(db);
  const sealer = createSealer(deps.tokenSecret, 'staff-totp-secrets');
  const floorMs = deps.answerFloorMs ?? SIGN_IN_POLICY.answerFloorMs;
  // An unknown account costs a hash too, against a password nobody knows.
  const dummyHash = hasher.hash(randomBytes(24).toString('base64url'));
  dummyHash.catch((error: unknown) => logBackgroundError('dummy password hash failed', error));
  const isStaffAddress = (email: string) => email.endsWith(`@${deps.staffDomain}`);

  /**
   * Decides a learning account's attempt (a password, or a second factor after it) in one
   * transaction per person: wrong passwords and wrong codes count together toward the lock.
   */
  async function settlePerson(
    personId: number,
    check: (tx: Transaction) => Promise<boolean>,
    /**
     * `action`: what was checked: `sign-in` (the password), `password-confirm` (a signed-in
     * person's password confirming a change in the profile), or a second factor's action.
     * `clientId`: the platform the sign-in is for, named in its audit events. `completes`:
     * false when a right password leaves a step to do (a new password, a second factor).
     */
    entry: {
      ip: string;
      email: string;
      kind: string;
      action?: string;
      clientId?: string | undefined;
      completes?: boolean;
    },
  ) {
    const action = entry.action ?? 'sign-in';
    let lockedNow = false;
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const inTransaction = createSignInRepository(tx);
      await inTransaction.holdPerson(personId);
      const record = (action: string, outcome: string) =>
        audit.record(
          {
            action,
            outcome,
            personId,
            userType: entry.kind,
            ip: entry.ip,
            target: entry.email,
            clientId: entry.clientId,
          },
          tx,
        );
      if ((await inTransaction.lockedSeconds(personId)) > 0) {
        await record(action, 'locked');
        return 'locked';
      }
      if (await check(tx)) {
        if (action === 'password-confirm') {
          await record(action, 'confirmed');
        } else if (entry.completes === false) {
          // Signed in only once the steps are done: one left half-way is no sign-in.
          await record(action, 'password-accepted');
        } else {
          await record(action, 'signed-in');
          // A second factor ends the sign-in its password began.
          if (action !== 'sign-in') await record('sign-in', 'signed-in');
        }
        return 'signed-in';
      }
      const wrong = await inTransaction.recordWrongPassword(
        personId,
        SIGN_IN_POLICY.wrongWindowMinutes,
      );
      // A wrong password is `wrong-password`, a wrong code or passkey `wrong`.
      const password = action === 'sign-in' || action === 'password-confirm';
      await record(action, password ? 'wrong-password' : 'wrong');
      if (wrong >= SIGN_IN_POLICY.maxWrongPasswords) {
        await inTransaction.lock(personId, SIGN_IN_POLICY.lockMinutes * 60);
        await inTransaction.clearWrongPasswords(personId);
        await record('sign-in-lock', 'locked');
        lockedNow = true;
      }
      return 'wrong';
    });
    deps.metrics.signInAttempt('learning', outcome, lockedNow);
    return outcome;
  }

  /**
   * Decides a staff account's attempt (a password or a second-factor code) in one transaction:
   * the same numbers as for learning accounts, counted on the staff row.
   */
  async function settleStaff(
    staffId: number,
    check: (
      staff: StaffAccount,
      inTransaction: SignInRepository,
      tx: Transaction,
    ) => Promise<boolean>,
    entry: { ip: string; action: string; clientId?: string | undefined },
  ) {
    let lockedNow = false;
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const inTransaction = createSignInRepository(tx);
      const staff = await inTransaction.holdStaff(staffId);
      if (!staff) return 'unknown-account';
      const record = (action: string, outcome: string) =>
        audit.record(
          {
            action,
            outcome,
            userType: 'staff',
            ip: entry.ip,
            target: staff.email,
            clientId: entry.clientId,
          },
          tx,
        );
      const now = Date.now();
      if (staff.lockedUntil && staff.lockedUntil.getTime() > now) {
        await record(entry.action, 'locked');
        return 'locked';
      }
      if (await check(staff, inTransaction, tx)) {
        await record(entry.action, 'signed-in');
        return 'signed-in';
      }
      const windowStart = now - SIGN_IN_POLICY.wrongWindowMinutes * MINUTE_MS;
      const counting = staff.failuresSince && staff.failuresSince.getTime() > windowStart;
      const failures = counting ? staff.failures + 1 : 1;
      await record(entry.action, 'wrong');
      if (failures >= SIGN_IN_POLICY.maxWrongPasswords) {
        await inTransaction.updateStaff(staffId, {
          failures: 0,
          failuresSince: null,
          lockedUntil: new Date(now + SIGN_IN_POLICY.lockMinutes * MINUTE_MS),
        });
        await record('sign-in-lock', 'locked');
        lockedNow = true;
      } else {
        await inTransaction.updateStaff(staffId, {
          failures,
          failuresSince: counting ? staff.failuresSince : new Date(now),
        });
      }
      return 'wrong';
    });
    deps.metrics.signInAttempt('staff', outcome, lockedNow);
    return outcome;
  }

  /** The password of a learning account: its id and what it must do next, or a 401. */
  async function checkLearningPassword(input: SignInBody, ip: string, clientId?: string) {
    if (!(await deps.toggles.isEnabled('LOGIN'))) {
      throw new ForbiddenError({ id: 'login_off', message: SIGN_IN_MESSAGES.loginOff });
    }
    const account = await repository.accountByEmail(input.email);
    const hash = account?.passwordHash ?? (await dummyHash);
    const right = (await hasher.verify(hash, input.password)) && !!account?.passwordHash;
    if (!account?.passwordHash) {
      deps.metrics.signInAttempt('learning', account ? 'no-password' : 'unknown-account');
      audit.queue({
        action: 'sign-in',
        outcome: account ? 'no-password' : 'unknown-account',
        ip,
        clientId,
        target: input.email,
        personId: account?.personId,
      });
      throw failed();
    }
    if (right) {
      // The common case in one statement: the lock checked and the attempt audited together.
      const step = account.mustChangePassword
        ? ('new-password' as const)
        : account.hasSecondFactor
          ? ('totp' as const)
          : null;
      const { outcome } = await repository.settleRightPassword(
        account.personId,
        audit.prepare({
          action: 'sign-in',
          // Signed in only once the steps are done: one left half-way is no sign-in.
          outcome: step === null ? 'signed-in' : 'password-accepted',
          personId: account.personId,
          userType: account.kind,
          ip,
          target: input.email,
          clientId,
        }),
      );
      const settled = outcome === 'locked' ? 'locked' : 'signed-in';
      deps.metrics.signInAttempt('learning', settled, false);
      if (settled !== 'signed-in') throw failed();
      return { accountId: accountIdOf({ kind: 'learning', id: account.accountId }), step };
    }
    // A wrong password counts toward the lock, one attempt at a time per person.
    await settlePerson(account.personId, async () => false, {
      ip,
      clientId,
      email: input.email,
      kind: account.kind,
    });
    throw failed();
  }

  async function checkStaffPassword(input: SignInBody, ip: string, clientId?: string) {
    const staff = await repository.staffByEmail(input.email);
    if (!staff) {
      await hasher.verify(await dummyHash, input.password);
      deps.metrics.signInAttempt('staff', 'unknown-account');
      audit.queue({
        action: 'sign-in',
        outcome: 'unknown-account',
        ip,
        target: input.email,
        clientId,
      });
      throw failed();
    }
    const outcome = await settleStaff(
      staff.id,
      () => hasher.verify(staff.passwordHash, input.password),
      { ip, action: 'sign-in', clientId },
    );
    if (outcome !== 'signed-in') throw failed();
    return {
      accountId: accountIdOf({ kind: 'staff', id: staff.id }),
      step: staff.mustChangePassword ? ('new-password' as const) : secondFactorStep(staff),
    };
  }

  async function staffOf(ref: AccountRef | undefined): Promise<StaffAccount> {
    const staff = ref?.kind === 'staff' ? await repository.staffById(ref.id) : undefined;
    if (!staff) throw new UnauthorizedError();
    return staff;
  }

  /** A learning account holding a second factor answers it after the password. */
  async function learningSecondFactorStep(accountId: number): Promise<SignInStep | null> {
    const factors = await deps.secondFactors.factorsOf(accountId);
    return factors.totp || factors.passkey ? 'totp' : null;
  }

  /** The active learning account a pending sign-in is for, or a 401. */
  async function learningOf(ref: AccountRef) {
    const account = await repository.learningAccount(ref.id);
    if (!account) throw new UnauthorizedError();
    return account;
  }

  /** After repeated failures from an address, its sign-ins carry a solved bot check. */
  const botCheckNeeded = async (ip: string) =>
    (await counters.peek(failuresKey(ip))) >= SIGN_IN_POLICY.botCheckAfterFailures;

  /** The claims of an active account, for the provider's tokens. */
  async function accountClaims(accountId: string): Promise<AccountClaims | undefined> {
    const ref = accountRefOf(accountId);
    if (!ref) return undefined;
    if (ref.kind === 'staff') {
      const staff = await repository.staffById(ref.id);
      return staff
        ? {
            accountId,
            email: staff.email,
            name: staff.email,
            roles: ['staff'],
            userType: null,
            schools: [],
          }
        : undefined;
    }
    const row = await repository.claims(ref.id);
    if (!row) return undefined;
    const runsOne = row.schools.some((school) => ADMIN_ROLES.includes(school.role));
    return {
      accountId,
      email: row.email,
      name: row.name,
      roles: runsOne ? ['school_admin'] : [],
      userType: row.kind,
      schools: row.schools,
    };
  }
  // Seconds per account, bounded in size: an account unknown or disabled is kept as such too.
  const claimsCache = new LRUCache<string, { claims: AccountClaims | undefined }>({
    max: CLAIMS_KEPT,
    ttl: (deps.claimsCacheSeconds ?? CLAIMS_CACHE_SECONDS) * 1000,
  });

  return {
    botCheckNeeded,

    /**
     * Before the provider reads a token request: a 429 when its address spent its refusals, or
     * when the client it names spent its granted requests (decision 0283). Neither counter grows
     * by what a caller merely claims, so naming a platform cannot exhaust that platform's limit;
     * a request refused here counts against its address.
     */
    async admitTokenRequest(claimedClient: string | undefined, ip: string): Promise<void> {
      const [refused, granted] = await Promise.all([
        counters.peek(tokenRefusalsKey(ip)),
        claimedClient ? counters.peek(tokenClientKey(claimedClient)) : 0,
      ]);
      if (refused >= deps.tokenRefusalsPerAddressPerMinute) {
        throw new RateLimitedError(MINUTE_MS / 1000);
      }
      if (granted >= deps.tokenLimitPerClientPerMinute) {
        await counters.increment(tokenRefusalsKey(ip), MINUTE_MS);
        throw new RateLimitedError(MINUTE_MS / 1000);
      }
    },

    /**
     * After the provider answered a token request: against the client it granted a token to
     * (proof the client is who it says: its secret or key, or a public client's code verifier
     * or refresh token), or against the address when it refused.
     */
    async countTokenRequest(grantedTo: string | undefined, ip: string): Promise<void> {
      await counters.increment(
        grantedTo ? tokenClientKey(grantedTo) : tokenRefusalsKey(ip),
        MINUTE_MS,
      );
    },

    /** The person allowed a platform what its consent page showed: remembered and audited. */
    async recordConsent(
      accountId: string,
      clientId: string,
      scopes: readonly string[],
      ip: string,
    ): Promise<void> {
      await deps.connectPlatform(accountId, clientId, scopes);
      const ref = accountRefOf(accountId);
      audit.queue({
        action: 'consent',
        outcome: 'granted',
        ip,
        clientId,
        ...(ref?.kind === 'staff' ? { actor: accountId } : {}),
      });
    },

    /** The person declined a platform's consent page. */
    recordConsentDeclined(clientId: string, ip: string): void {
      audit.queue({ action: 'consent', outcome: 'declined', ip, clientId });
    },

    /**
     * The account a password opens and the step it must take before the sign-in is done (null
     * when none); a 401 that says nothing more otherwise.
     */
    async checkPassword(
      input: SignInBody,
      ip: string,
      /** The client the sign-in is for, named in its audit events. */
      clientId?: string,
    ): Promise<{ accountId: string; step: SignInStep | null }> {
      await enforceLimit(counters, `sign-in-ip:${ip}`, deps.limitPerIpPerMinute, MINUTE_MS);
      if ((await botCheckNeeded(ip)) && !(await deps.botCheck.verify(input.altcha))) {
        audit.queue({ action: 'sign-in', outcome: 'bot-check-failed', ip, clientId });
        throw new ValidationError([{ field: 'altcha', message: LOOKUP_MESSAGES.botCheckFailed }], {
          id: 'bot_check_failed',
          message: LOOKUP_MESSAGES.botCheckFailed,
        });
      }
      const started = Date.now();
      try {
        return isStaffAddress(input.email)
          ? await checkStaffPassword(input, ip, clientId)
          : await checkLearningPassword(input, ip, clientId);
      } catch (error) {
        if (error instanceof UnauthorizedError)
          await counters.increment(failuresKey(ip), FAILURE_WINDOW_MS);
        throw error;
      } finally {
        const wait = floorMs - (Date.now() - started);
        if (wait > 0) await sleep(wait);
      }
    },

    /**
     * A new password in place of an initial one (DESIGN.md's rules): every earlier session of
     * the account ends. Answers the step after it.
     */
    async setNewPassword(accountId: string, password: string, ip: string, clientId?: string) {
      const ref = accountRefOf(accountId);
      const learning =
        ref?.kind === 'learning' ? await repository.learningAccount(ref.id) : undefined;
      const staff = ref?.kind === 'staff' ? await repository.staffById(ref.id) : undefined;
      const email = learning?.email ?? staff?.email;
      if (!ref || !email) throw new UnauthorizedError();
      const passwordError = (
        id: 'reset_password_common' | 'reset_password_is_account' | 'reset_password_reused',
        message: string,
      ) => new ValidationError([{ field: 'password', message }], { id, message });
      const refusal = newPasswordRefusal(email, password);
      if (refusal) throw passwordError(refusal.id, refusal.message);
      // The initial password is stored only as the current hash until this step replaces it: the
      // same password again would leave the one the school (or the staff command) handed out valid.
      const current = learning ? learning.passwordHash : staff?.passwordHash;
      if (current && (await hasher.verify(current, password)))
        throw passwordError('reset_password_reused', RESET_MESSAGES.passwordReused);
      const passwordHash = await hasher.hash(password);
      const next = staff ? secondFactorStep(staff) : await learningSecondFactorStep(ref.id);
      await db.transaction(async (tx) => {
        const inTransaction = createSignInRepository(tx);
        if (staff) {
          await inTransaction.updateStaff(staff.id, { passwordHash, mustChangePassword: false });
        } else {
          await inTransaction.setLearningPassword(ref.id, passwordHash);
        }
        await deps.revokeSignIns(tx, accountId);
        await audit.record(
          {
            action: 'password-change',
            outcome: 'initial-replaced',
            personId: learning?.personId,
            userType: staff ? 'staff' : learning?.kind,
            ip,
            clientId,
            target: email,
          },
          tx,
        );
        // A first sign-in ends here when no second factor follows.
        if (learning && next === null) {
          await audit.record(
            {
              action: 'sign-in',
              outcome: 'signed-in',
              personId: learning.personId,
              userType: learning.kind,
              ip,
              clientId,
              target: email,
            },
            tx,
          );
        }
      });
      return { step: next };
    },

    /**
     * The current password of a signed-in learning account, confirming a change in the
     * profile: checked, counted and locked as at sign-in (the same wrong-password count per
     * person), audited as `password-confirm`. Answers 'right', 'wrong' or 'locked'.
     */
    async confirmPassword(
      accountId: number,
      password: string,
      ip: string,
    ): Promise<'right' | 'wrong' | 'locked'> {
      const account = await repository.learningAccount(accountId);
      if (!account) throw new UnauthorizedError();
      const right = !!account.passwordHash && (await hasher.verify(account.passwordHash, password));
      const outcome = await settlePerson(account.personId, async () => right, {
        ip,
        email: account.email,
        kind: account.kind,
        action: 'password-confirm',
      });
      return outcome === 'signed-in' ? 'right' : outcome === 'locked' ? 'locked' : 'wrong';
    },

    /** Starts (or starts again) the enrolment of a staff account's authenticator app. */
    async startTotpEnrolment(accountId: string) {
      const staff = await staffOf(accountRefOf(accountId));
      if (staff.totpEnrolledAt) throw new UnauthorizedError();
      const enrolment = await newTotpEnrolment(staff.email);
      await repository.updateStaff(staff.id, {
        totpSecretSealed: sealer.seal(accountId, enrolment.secret),
      });
      return { secret: enrolment.secret, otpauth_uri: enrolment.uri, qr_code: enrolment.qrCode };
    },

    /**
     * The enrolment already started, its key as it was shown (a wrong first code shows the same
     * key again: the app has it already); undefined when none is under way.
     */
    async startedTotpEnrolment(accountId: string) {
      const staff = await staffOf(accountRefOf(accountId));
      if (staff.totpEnrolledAt || !staff.totpSecretSealed) return undefined;
      const enrolment = await newTotpEnrolment(
        staff.email,
        sealer.open(accountId, staff.totpSecretSealed),
      );
      return { secret: enrolment.secret, otpauth_uri: enrolment.uri, qr_code: enrolment.qrCode };
    },

    /** Confirms the enrolment with a first code; answers the recovery codes, shown once. */
    async confirmTotpEnrolment(accountId: string, code: string, ip: string, clientId?: string) {
      const staff = await staffOf(accountRefOf(accountId));
      if (staff.totpEnrolledAt || !staff.totpSecretSealed) throw new UnauthorizedError();
      const secret = sealer.open(accountId, staff.totpSecretSealed);
      const recovery = newRecoveryCodes();
      const outcome = await settleStaff(
        staff.id,
        async (held, inTransaction) => {
          const step = await acceptedTotpStep(secret, code, held.totpLastStep);
          if (step === undefined) return false;
          await inTransaction.updateStaff(held.id, {
            totpEnrolledAt: new Date(),
            totpLastStep: step,
            lastSignInAt: new Date(),
          });
          await inTransaction.replaceRecoveryCodes(held.id, recovery.hashes);
          return true;
        },
        { ip, action: 'second-factor-enrol', clientId },
      );
      if (outcome !== 'signed-in') throw codeRefused();
      return recovery.codes;
    },

    /** A code from the app, or a recovery code (each accepted once). */
    async verifySecondFactor(
      accountId: string,
      body: TotpBody,
      ip: string,
      clientId?: string,
    ): Promise<SecondFactorMethod> {
      const ref = accountRefOf(accountId);
      if (ref?.kind === 'learning') {
        const account = await learningOf(ref);
        const outcome = await settlePerson(
          account.personId,
          (tx) => deps.secondFactors.codeAccepted(tx, ref.id, body),
          { ip, email: account.email, kind: account.kind, action: 'second-factor', clientId },
        );
        if (outcome !== 'signed-in') throw codeRefused();
        return AUTHENTICATION_METHODS.oneTimePassword;
      }
      const staff = await staffOf(ref);
      if (!staff.totpEnrolledAt || !staff.totpSecretSealed) throw new UnauthorizedError();
      const secret = sealer.open(accountId, staff.totpSecretSealed);
      const outcome = await settleStaff(
        staff.id,
        async (held, inTransaction) => {
          if ('recovery_code' in body) {
            const hash = matchingRecoveryHash(
              body.recovery_code,
              await inTransaction.unusedRecoveryHashes(held.id),
            );
            if (hash === undefined || !(await inTransaction.useRecoveryCode(held.id, hash))) {
              return false;
            }
            await inTransaction.updateStaff(held.id, { lastSignInAt: new Date() });
            return true;
          }
          const step = await acceptedTotpStep(secret, body.code, held.totpLastStep);
          if (step === undefined) return false;
          await inTransaction.updateStaff(held.id, {
            totpLastStep: step,
            lastSignInAt: new Date(),
          });
          return true;
        },
        { ip, action: 'second-factor', clientId },
      );
      if (outcome !== 'signed-in') throw codeRefused();
      return AUTHENTICATION_METHODS.oneTimePassword;
    },

    /**
     * What an account at its second factor may answer with: staff always hold the app; an account
     * holder holds the app, passkeys, or both.
     */
    async secondFactorChoices(accountId: string): Promise<{ totp: boolean; passkey: boolean }> {
      const ref = accountRefOf(accountId);
      if (!ref) return { totp: false, passkey: false };
      if (ref.kind === 'learning') return deps.secondFactors.factorsOf(ref.id);
      return { totp: true, passkey: (await deps.passkeys.count(ref)) > 0 };
    },

    /** A challenge for one of the account's passkeys, for the browser to sign. */
    async passkeyOptions(accountId: string) {
      const ref = accountRefOf(accountId);
      let owner: AccountRef;
      if (ref?.kind === 'learning') {
        await learningOf(ref);
        owner = ref;
      } else {
        const staff = await staffOf(ref);
        if (!staff.totpEnrolledAt) throw new UnauthorizedError();
        owner = { kind: 'staff', id: staff.id };
      }
      const options = await deps.passkeys.authenticationOptions(owner);
      if (!options) {
        throw new NotFoundError({ id: 'passkey_not_found', message: PASSKEY_MESSAGES.notFound });
      }
      return options;
    },

    /**
     * The second factor by passkey: the signed challenge, verified like a code is (a failure
     * counts towards the lock, a locked account is refused, every attempt is audited).
     */
    async verifyPasskey(
      accountId: string,
      response: PasskeyAuthenticationResponse,
      ip: string,
      clientId?: string,
    ): Promise<SecondFactorMethod> {
      const ref = accountRefOf(accountId);
      const methodOf = (use: { backedUp: boolean }) =>
        use.backedUp ? AUTHENTICATION_METHODS.softwareKey : AUTHENTICATION_METHODS.hardwareKey;
      if (ref?.kind === 'learning') {
        const account = await learningOf(ref);
        let use: { backedUp: boolean } | undefined;
        const outcome = await settlePerson(
          account.personId,
          async (tx) => {
            use = await deps.passkeys.verifyAuthentication(ref, response, tx);
            return use !== undefined;
          },
          {
            ip,
            email: account.email,
            kind: account.kind,
            action: 'second-factor-passkey',
            clientId,
          },
        );
        if (outcome !== 'signed-in' || !use) throw passkeyRefused();
        return methodOf(use);
      }
      const staff = await staffOf(ref);
      let use: { backedUp: boolean } | undefined;
      if (!staff.totpEnrolledAt) throw new UnauthorizedError();
      const outcome = await settleStaff(
        staff.id,
        async (held, inTransaction, tx) => {
          use = await deps.passkeys.verifyAuthentication(
            { kind: 'staff', id: held.id },
            response,
            tx,
          );
          if (use) await inTransaction.updateStaff(held.id, { lastSignInAt: new Date() });
          return use !== undefined;
        },
        { ip, action: 'second-factor-passkey', clientId },
      );
      if (outcome !== 'signed-in' || !use) throw passkeyRefused();
      return methodOf(use);
    },

    /** The claims of an active account, read now. */
    accountClaims,

    /**
     * The claims as the provider asks for them, at every sign-in and grant: kept a few seconds
     * per account (decision 0292), so a sign-in reads them once and a platform's refreshes in a
     * burst once between them.
     */
    async providerAccountClaims(accountId: string): Promise<AccountClaims | undefined> {
      const cached = claimsCache.get(accountId);
      if (cached) return cached.claims;
      const claims = await accountClaims(accountId);
      claimsCache.set(accountId, { claims });
      return claims;
    },

    /** Drops an account's kept claims: it changed (a disable, a new password, the registry). */
    forgetClaims(accountId: string): void {
      claimsCache.delete(accountId);
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
