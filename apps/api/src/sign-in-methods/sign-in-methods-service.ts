import { SIGN_IN_MESSAGES, SIGN_IN_POLICY, type TotpBody } from '@portal/contracts/sign-in';
import type { PasskeyRegistrationBody } from '@portal/contracts/passkeys';
import {
  SIGN_IN_METHODS_MESSAGES,
  type Confirmation,
  type SignInMethods,
} from '@portal/contracts/sign-in-methods';
import type { AuditLog } from '../audit/audit-repository';
import type { PasswordHasher } from '../credentials/password-hasher';
import { createSealer } from '../credentials/sealing';
import {
  acceptedTotpStep,
  matchingRecoveryHash,
  newRecoveryCodes,
  newTotpEnrolment,
} from '../credentials/second-factor';
import type { Db, Transaction } from '../db/database';
import {
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../http/domain-errors';
import type { PasskeyOwner } from '../passkeys/passkeys-repository';
import type { PasskeysService } from '../passkeys/passkeys-service';
import { createSignInMethodsRepository } from './sign-in-methods-repository';

type Dependencies = {
  db: Db;
  hasher: PasswordHasher;
  audit: Pick<AuditLog, 'record'>;
  passkeys: Pick<PasskeysService, 'list' | 'count' | 'registrationOptions' | 'register' | 'remove'>;
  /** Seals the app's secrets in the database. */
  tokenSecret: string;
};

const ownerOf = (accountId: number): PasskeyOwner => ({ kind: 'learning', id: accountId });

const confirmationFailed = () =>
  new ValidationError([], {
    id: 'confirmation_failed',
    message: SIGN_IN_METHODS_MESSAGES.confirmationFailed,
  });

/** A wrong first code of an app being enrolled: only a code was typed, so only it is named. */
const codeRefused = () =>
  new ValidationError([{ field: 'code', message: SIGN_IN_MESSAGES.codeInvalid }], {
    id: 'sign_in_code_invalid',
    message: SIGN_IN_MESSAGES.codeInvalid,
  });

/**
 * A learning account's second factor (issue 35, decision 0269): an authenticator app and
 * passkeys, optional for every account holder, with ten recovery codes given with the first
 * factor. A change that weakens the account (a removal, new recovery codes) is confirmed with the
 * password or an app code, counted like a wrong password toward the sign-in's lock. Every change
 * is audited under the person, so the profile's security history shows it.
 */
export function createSignInMethodsService(deps: Dependencies) {
  const { db, audit, passkeys } = deps;
  const repository = createSignInMethodsRepository(db);
  const sealer = createSealer(deps.tokenSecret, 'account-totp-secrets');

  async function accountOf(accountId: number) {
    const account = await repository.account(accountId);
    if (!account) throw new UnauthorizedError();
    return account;
  }

  /** Whether the typed app code (or recovery code) is right, in the caller's transaction. */
  async function codeAccepted(tx: Transaction, accountId: number, body: TotpBody) {
    if ('recovery_code' in body) {
      const hash = matchingRecoveryHash(
        body.recovery_code,
        await repository.unusedRecoveryHashes(tx, accountId),
      );
      return hash !== undefined && (await repository.useRecoveryCode(tx, accountId, hash));
    }
    const totp = await repository.totpOf(accountId, tx);
    if (!totp?.enrolledAt) return false;
    const secret = sealer.open(String(accountId), totp.secretSealed);
    const step = await acceptedTotpStep(secret, body.code, totp.lastStep);
    if (step === undefined) return false;
    await repository.setTotpStep(tx, accountId, step);
    return true;
  }

  async function hasSecondFactor(accountId: number, tx: Db | Transaction = db) {
    const totp = await repository.totpOf(accountId, tx);
    return !!totp?.enrolledAt || (await passkeys.count(ownerOf(accountId), tx)) > 0;
  }

  /**
   * Runs a change after the holder proved it is them: a wrong password or code counts toward the
   * sign-in's lock (DESIGN.md's numbers) and a locked account is refused alike. The change runs
   * in the same transaction, after the proof.
   */
  async function confirmed<T>(
    accountId: number,
    confirmation: Confirmation,
    ip: string,
    change: (tx: Transaction, account: { personId: number; kind: string }) => Promise<T>,
  ): Promise<T> {
    const account = await accountOf(accountId);
    // The password is checked outside the transaction: a hash takes tens of milliseconds.
    const passwordRight =
      'password' in confirmation && account.passwordHash
        ? await deps.hasher.verify(account.passwordHash, confirmation.password)
        : false;
    const outcome = await db.transaction(async (tx) => {
      await repository.holdPerson(tx, account.personId);
      const record = (outcome: string) =>
        audit.record(
          {
            action: 'sign-in-method-confirm',
            outcome,
            personId: account.personId,
            userType: account.kind,
            ip,
          },
          tx,
        );
      if ((await repository.lockedSeconds(tx, account.personId)) > 0) {
        await record('locked');
        return { ok: false as const };
      }
      const right =
        'password' in confirmation
          ? passwordRight
          : await codeAccepted(tx, accountId, { code: confirmation.code });
      if (right) return { ok: true as const, value: await change(tx, account) };
      await record('wrong');
      const wrong = await repository.recordWrong(
        tx,
        account.personId,
        SIGN_IN_POLICY.wrongWindowMinutes,
      );
      if (wrong >= SIGN_IN_POLICY.maxWrongPasswords) {
        await repository.lock(tx, account.personId, SIGN_IN_POLICY.lockMinutes * 60);
        await audit.record(
          {
            action: 'sign-in-lock',
            outcome: 'locked',
            personId: account.personId,
            userType: account.kind,
            ip,
          },
          tx,
        );
      }
      return { ok: false as const };
    });
    if (!outcome.ok) throw confirmationFailed();
    return outcome.value;
  }

  const recordChange = (
    tx: Transaction | undefined,
    account: { personId: number; kind: string },
    action: 'second-factor-add' | 'second-factor-remove' | 'recovery-codes-renew',
    outcome: string,
    ip: string,
  ) =>
    audit.record({ action, outcome, personId: account.personId, userType: account.kind, ip }, tx);

  /** New recovery codes when the account had no second factor before this one; else none. */
  async function firstFactorCodes(tx: Transaction, accountId: number, hadFactor: boolean) {
    if (hadFactor) return null;
    const recovery = newRecoveryCodes();
    await repository.replaceRecoveryCodes(tx, accountId, recovery.hashes);
    return recovery.codes;
  }

  /** After a removal: without any factor left, the recovery codes go too. */
  async function dropCodesIfNoFactor(tx: Transaction, accountId: number) {
    if (!(await hasSecondFactor(accountId, tx))) {
      await repository.replaceRecoveryCodes(tx, accountId, []);
    }
  }

  return {
    /** The profile's "Metode masuk" section. */
    async overview(accountId: number): Promise<SignInMethods> {
      const account = await accountOf(accountId);
      const totp = await repository.totpOf(accountId);
      return {
        totp: totp?.enrolledAt ? { enrolledAt: totp.enrolledAt.toISOString() } : null,
        passkeys: await passkeys.list(ownerOf(accountId)),
        recoveryCodesLeft: await repository.recoveryCodesLeft(accountId),
        requiredForSchoolAdmin: (await repository.schoolsRunBy(account.personId)).length > 0,
      };
    },

    /** A new secret for the app, pending until a first code confirms it. */
    async startTotp(accountId: number) {
      const account = await accountOf(accountId);
      const enrolment = await newTotpEnrolment(account.email);
      const saved = await repository.savePendingTotp(
        accountId,
        sealer.seal(String(accountId), enrolment.secret),
      );
      if (!saved) {
        throw new ConflictError({
          id: 'totp_already_enrolled',
          message: SIGN_IN_METHODS_MESSAGES.totpEnrolled,
        });
      }
      return { secret: enrolment.secret, otpauth_uri: enrolment.uri, qr_code: enrolment.qrCode };
    },

    /** Confirms the pending app with a first code; the first factor brings recovery codes. */
    async confirmTotp(accountId: number, code: string, ip: string) {
      const account = await accountOf(accountId);
      const pending = await repository.totpOf(accountId);
      if (!pending || pending.enrolledAt) {
        throw new ConflictError({
          id: 'totp_no_enrolment',
          message: SIGN_IN_METHODS_MESSAGES.noEnrolment,
        });
      }
      const hadFactor = await hasSecondFactor(accountId);
      const secret = sealer.open(String(accountId), pending.secretSealed);
      const step = await acceptedTotpStep(secret, code, null);
      if (step === undefined) throw codeRefused();
      return db.transaction(async (tx) => {
        await repository.setTotpStep(tx, accountId, step, true);
        const codes = await firstFactorCodes(tx, accountId, hadFactor);
        await recordChange(tx, account, 'second-factor-add', 'totp', ip);
        return { recovery_codes: codes };
      });
    },

    async removeTotp(accountId: number, confirmation: Confirmation, ip: string) {
      await confirmed(accountId, confirmation, ip, async (tx, account) => {
        if (!(await repository.removeTotp(tx, accountId))) {
          throw new NotFoundError({
            id: 'second_factor_not_enrolled',
            message: SIGN_IN_METHODS_MESSAGES.notEnrolled,
          });
        }
        await dropCodesIfNoFactor(tx, accountId);
        await recordChange(tx, account, 'second-factor-remove', 'totp', ip);
      });
    },

    async passkeyOptions(accountId: number) {
      const account = await accountOf(accountId);
      return passkeys.registrationOptions(ownerOf(accountId), {
        name: account.email,
        displayName: account.email,
      });
    },

    async addPasskey(accountId: number, body: PasskeyRegistrationBody, ip: string) {
      const account = await accountOf(accountId);
      const hadFactor = await hasSecondFactor(accountId);
      const passkey = await passkeys.register(ownerOf(accountId), body, ip);
      return db.transaction(async (tx) => {
        const codes = await firstFactorCodes(tx, accountId, hadFactor);
        await recordChange(tx, account, 'second-factor-add', 'passkey', ip);
        return { passkey, recovery_codes: codes };
      });
    },

    async removePasskey(accountId: number, id: number, confirmation: Confirmation, ip: string) {
      await confirmed(accountId, confirmation, ip, async (tx, account) => {
        await passkeys.remove(ownerOf(accountId), id, ip, tx);
        await dropCodesIfNoFactor(tx, accountId);
        await recordChange(tx, account, 'second-factor-remove', 'passkey', ip);
      });
    },

    /** Ten new recovery codes in place of the old ones, shown once. */
    async renewRecoveryCodes(accountId: number, confirmation: Confirmation, ip: string) {
      return confirmed(accountId, confirmation, ip, async (tx, account) => {
        if (!(await hasSecondFactor(accountId, tx))) {
          throw new ConflictError({
            id: 'second_factor_not_enrolled',
            message: SIGN_IN_METHODS_MESSAGES.notEnrolled,
          });
        }
        const recovery = newRecoveryCodes();
        await repository.replaceRecoveryCodes(tx, accountId, recovery.hashes);
        await recordChange(tx, account, 'recovery-codes-renew', 'renewed', ip);
        return { recovery_codes: recovery.codes };
      });
    },

    /** The sign-in's step after the password: which factors the account may answer with. */
    async factorsOf(accountId: number): Promise<{ totp: boolean; passkey: boolean }> {
      const totp = await repository.totpOf(accountId);
      return {
        totp: !!totp?.enrolledAt,
        passkey: (await passkeys.count(ownerOf(accountId))) > 0,
      };
    },

    /** The sign-in's check of a code or recovery code, in its transaction (which counts). */
    codeAccepted,
  };
}
export type SignInMethodsService = ReturnType<typeof createSignInMethodsService>;
