import { SIGN_IN_MESSAGES, SIGN_IN_POLICY, type TotpBody } from '@portal/contracts/sign-in';
import type { PasskeyRegistrationBody } from '@portal/contracts/passkeys';
import {
  SIGN_IN_METHODS_MESSAGES,
  type Confirmation,
  type SignInMethods,
} from '@portal/contracts/sign-in-methods';
import { stepUpMissing, stepUpRequired, type SignInAssurance } from '../access/step-up';
import type { AuditLog } from '../audit/audit-log';
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
import type { MailLanguage } from '../notifications/mail-language';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import type { PasskeyOwner } from '../passkeys/passkeys-repository';
import type { PasskeysService } from '../passkeys/passkeys-service';
import { createSignInMethodsRepository } from './sign-in-methods-repository';

type Dependencies = {
  db: Db;
  hasher: PasswordHasher;
  audit: Pick<AuditLog, 'record'>;
  /** Every contact on file hears of a factor added, in the same transaction. */
  outbox: Pick<OutboxService, 'enqueue'>;
  templates: MessageTemplates;
  passkeys: Pick<
    PasskeysService,
    'list' | 'count' | 'registrationOptions' | 'verifyRegistration' | 'keep' | 'remove'
  >;
  /** Seals the app's secrets in the database. */
  tokenSecret: string;
};

const ownerOf = (accountId: number): PasskeyOwner => ({ kind: 'learning', id: accountId });

/** Who changes their factors: the account, and how the session behind the token signed in. */
export type FactorCaller = { accountId: number; assurance: SignInAssurance };

/**
 * Once the account has a second factor, a change of its factors needs a session that used one,
 * recently (the step-up rule school admins follow): a password, or an old sign-in, alone would
 * let whoever holds it replace the factor that is meant to stop them. Either way the answer is to
 * sign in again with the factor held.
 */
function requireStepUp(caller: FactorCaller): void {
  if (stepUpMissing(caller.assurance) !== null) {
    throw stepUpRequired(
      'reauthentication_required',
      SIGN_IN_METHODS_MESSAGES.reauthenticationRequired,
    );
  }
}

const confirmationFailed = () =>
  new ValidationError([], {
    id: 'confirmation_failed',
    message: SIGN_IN_METHODS_MESSAGES.confirmationFailed,
  });

const totpEnrolled = () =>
  new ConflictError({
    id: 'totp_already_enrolled',
    message: SIGN_IN_METHODS_MESSAGES.totpEnrolled,
  });

/** A wrong first code of an app being enrolled: only a code was typed, so only it is named. */
const codeRefused = () =>
  new ValidationError([{ field: 'code', message: SIGN_IN_MESSAGES.codeInvalid }], {
    id: 'sign_in_code_invalid',
    message: SIGN_IN_MESSAGES.codeInvalid,
  });

/**
 * A learning account's second factor (decision 0269): an authenticator app and
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
    const inTransaction = createSignInMethodsRepository(tx);
    if ('recovery_code' in body) {
      const hash = matchingRecoveryHash(
        body.recovery_code,
        await inTransaction.unusedRecoveryHashes(accountId),
      );
      return hash !== undefined && (await inTransaction.useRecoveryCode(accountId, hash));
    }
    const totp = await inTransaction.totpOf(accountId);
    if (!totp?.enrolledAt) return false;
    const secret = sealer.open(String(accountId), totp.secretSealed);
    const step = await acceptedTotpStep(secret, body.code, totp.lastStep);
    if (step === undefined) return false;
    await inTransaction.setTotpStep(accountId, step);
    return true;
  }

  async function hasSecondFactor(accountId: number, tx: Db | Transaction = db) {
    const totp = await createSignInMethodsRepository(tx).totpOf(accountId);
    return !!totp?.enrolledAt || (await passkeys.count(ownerOf(accountId), tx)) > 0;
  }

  /**
   * Runs a change after the holder proved it is them: a wrong password or code counts toward the
   * sign-in's lock (DESIGN.md's numbers) and a locked account is refused alike. The change runs
   * in the same transaction, after the proof, and after the step-up rule (read under the lock).
   */
  async function confirmed<T>(
    caller: FactorCaller,
    confirmation: Confirmation,
    ip: string,
    change: (tx: Transaction, account: { personId: number; kind: string }) => Promise<T>,
  ): Promise<T> {
    const { accountId } = caller;
    const account = await accountOf(accountId);
    // The password is checked outside the transaction: a hash takes tens of milliseconds.
    const passwordRight =
      'password' in confirmation && account.passwordHash
        ? await deps.hasher.verify(account.passwordHash, confirmation.password)
        : false;
    const outcome = await db.transaction(async (tx) => {
      const inTransaction = createSignInMethodsRepository(tx);
      // The person before the account, always: two changes never wait on each other crosswise.
      await inTransaction.holdPerson(account.personId);
      await inTransaction.holdAccount(accountId);
      if (await hasSecondFactor(accountId, tx)) requireStepUp(caller);
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
      if ((await inTransaction.lockedSeconds(account.personId)) > 0) {
        await record('locked');
        return { ok: false as const };
      }
      const right =
        'password' in confirmation
          ? passwordRight
          : await codeAccepted(tx, accountId, { code: confirmation.code });
      if (right) return { ok: true as const, value: await change(tx, account) };
      await record('wrong');
      const wrong = await inTransaction.recordWrong(
        account.personId,
        SIGN_IN_POLICY.wrongWindowMinutes,
      );
      if (wrong >= SIGN_IN_POLICY.maxWrongPasswords) {
        await inTransaction.lock(account.personId, SIGN_IN_POLICY.lockMinutes * 60);
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

  /**
   * Adds a factor in one transaction, the account's row locked first: whether it is the first
   * is read under the lock, so of two added at once only the first brings recovery codes (the
   * second would replace the codes the first just showed) and only the first goes without the
   * step-up. Every contact on file is told, as of a password change.
   */
  async function addFactor<T>(
    caller: FactorCaller,
    factor: 'totp' | 'passkey',
    ip: string,
    language: MailLanguage,
    add: (tx: Transaction) => Promise<T>,
  ): Promise<{ added: T; recoveryCodes: string[] | null }> {
    const { accountId } = caller;
    return db.transaction(async (tx) => {
      const inTransaction = createSignInMethodsRepository(tx);
      await inTransaction.holdAccount(accountId);
      const hadFactor = await hasSecondFactor(accountId, tx);
      if (hadFactor) requireStepUp(caller);
      const added = await add(tx);
      const holder = await inTransaction.contactsOf(accountId);
      if (!holder) throw new UnauthorizedError();
      await tellContacts(tx, holder, factor, language);
      await recordChange(tx, holder, 'second-factor-add', factor, ip);
      if (hadFactor) return { added, recoveryCodes: null };
      const recovery = newRecoveryCodes();
      await inTransaction.replaceRecoveryCodes(accountId, recovery.hashes);
      return { added, recoveryCodes: recovery.codes };
    });
  }

  /** The notice of a factor added: to the personal e-mail, or the phone when there is none. */
  async function tellContacts(
    tx: Transaction,
    holder: { email: string; personalEmail: string | null; phone: string | null },
    factor: 'totp' | 'passkey',
    language: MailLanguage,
  ) {
    const templates = deps.templates.in(language);
    const at = new Date();
    if (holder.personalEmail) {
      await deps.outbox.enqueue(
        tx,
        templates.secondFactorAddedNotice(holder.personalEmail, holder.email, factor, at),
      );
    } else if (holder.phone) {
      await deps.outbox.enqueue(
        tx,
        templates.secondFactorAddedNoticeSms(holder.phone, holder.email, factor, at),
      );
    }
  }

  /** After a removal: without any factor left, the recovery codes go too. */
  async function dropCodesIfNoFactor(tx: Transaction, accountId: number) {
    if (!(await hasSecondFactor(accountId, tx))) {
      await createSignInMethodsRepository(tx).replaceRecoveryCodes(accountId, []);
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
    async startTotp(caller: FactorCaller) {
      const { accountId } = caller;
      const account = await accountOf(accountId);
      if ((await repository.totpOf(accountId))?.enrolledAt) throw totpEnrolled();
      // Refused early as well as at the confirmation: the person learns before scanning.
      if (await hasSecondFactor(accountId)) requireStepUp(caller);
      const enrolment = await newTotpEnrolment(account.email);
      const saved = await repository.savePendingTotp(
        accountId,
        sealer.seal(String(accountId), enrolment.secret),
      );
      if (!saved) throw totpEnrolled();
      return { secret: enrolment.secret, otpauth_uri: enrolment.uri, qr_code: enrolment.qrCode };
    },

    /** Confirms the pending app with a first code; the first factor brings recovery codes. */
    async confirmTotp(caller: FactorCaller, code: string, ip: string, language: MailLanguage) {
      const { accountId } = caller;
      await accountOf(accountId);
      const pending = await repository.totpOf(accountId);
      if (!pending || pending.enrolledAt) {
        throw new ConflictError({
          id: 'totp_no_enrolment',
          message: SIGN_IN_METHODS_MESSAGES.noEnrolment,
        });
      }
      const secret = sealer.open(String(accountId), pending.secretSealed);
      const step = await acceptedTotpStep(secret, code, null);
      if (step === undefined) throw codeRefused();
      const { recoveryCodes } = await addFactor(caller, 'totp', ip, language, async (tx) => {
        const inTransaction = createSignInMethodsRepository(tx);
        // The same code sent twice at once: the second finds the app enrolled by the first.
        if ((await inTransaction.totpOf(accountId))?.enrolledAt) throw totpEnrolled();
        await inTransaction.setTotpStep(accountId, step, true);
      });
      return { recovery_codes: recoveryCodes };
    },

    async removeTotp(caller: FactorCaller, confirmation: Confirmation, ip: string) {
      const { accountId } = caller;
      await confirmed(caller, confirmation, ip, async (tx, account) => {
        if (!(await createSignInMethodsRepository(tx).removeTotp(accountId))) {
          throw new NotFoundError({
            id: 'second_factor_not_enrolled',
            message: SIGN_IN_METHODS_MESSAGES.notEnrolled,
          });
        }
        await dropCodesIfNoFactor(tx, accountId);
        await recordChange(tx, account, 'second-factor-remove', 'totp', ip);
      });
    },

    async passkeyOptions(caller: FactorCaller) {
      const { accountId } = caller;
      const account = await accountOf(accountId);
      if (await hasSecondFactor(accountId)) requireStepUp(caller);
      return passkeys.registrationOptions(ownerOf(accountId), {
        name: account.email,
        displayName: account.email,
      });
    },

    async addPasskey(
      caller: FactorCaller,
      body: PasskeyRegistrationBody,
      ip: string,
      language: MailLanguage,
    ) {
      const { accountId } = caller;
      await accountOf(accountId);
      const verified = await passkeys.verifyRegistration(ownerOf(accountId), body, ip);
      const { added, recoveryCodes } = await addFactor(caller, 'passkey', ip, language, (tx) =>
        passkeys.keep(ownerOf(accountId), verified, ip, tx),
      );
      return { passkey: added, recovery_codes: recoveryCodes };
    },

    async removePasskey(caller: FactorCaller, id: number, confirmation: Confirmation, ip: string) {
      const { accountId } = caller;
      await confirmed(caller, confirmation, ip, async (tx, account) => {
        await passkeys.remove(ownerOf(accountId), id, ip, tx);
        await dropCodesIfNoFactor(tx, accountId);
        await recordChange(tx, account, 'second-factor-remove', 'passkey', ip);
      });
    },

    /** Ten new recovery codes in place of the old ones, shown once. */
    async renewRecoveryCodes(caller: FactorCaller, confirmation: Confirmation, ip: string) {
      const { accountId } = caller;
      return confirmed(caller, confirmation, ip, async (tx, account) => {
        if (!(await hasSecondFactor(accountId, tx))) {
          throw new ConflictError({
            id: 'second_factor_not_enrolled',
            message: SIGN_IN_METHODS_MESSAGES.notEnrolled,
          });
        }
        const recovery = newRecoveryCodes();
        await createSignInMethodsRepository(tx).replaceRecoveryCodes(accountId, recovery.hashes);
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
