import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  RESET_MESSAGES,
  RESET_POLICY,
  type ResetMethod,
  type ResetVerifyResult,
  type SendOtpResult,
  resetVerifyBodySchema,
} from '@portal/contracts/password-reset';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import { maskEmail, maskPhone } from '../personal-data/masking';
import type { AuditLog } from '../audit/audit-log';
import type { BotCheckService } from '../bot-check/bot-check-service';
import { newPasswordRefusal } from '../credentials/new-password-rules';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Db } from '../db/database';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import type { ErrorId } from '@portal/contracts/api-error';
import { DomainError, UnauthorizedError, ValidationError } from '../http/domain-errors';
import type { OneTimeCodes } from '../one-time-codes/one-time-codes';
import { enforceLimit, type RateLimitStore } from '../counters/rate-limit-store';
import type { MailLanguage } from '../notifications/mail-language';
import type { MessageTemplates } from '../notifications/message-templates';
import type { Transaction } from '../db/database';
import type { OutboxService } from '../notifications/outbox-service';
import {
  createPasswordResetRepository,
  type ResetAccount,
  type ResetSession,
} from './password-reset-repository';

const MINUTE_MS = 60_000;

type Dependencies = {
  db: Db;
  botCheck: BotCheckService;
  toggles: FeatureTogglesService;
  counters: RateLimitStore;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  hasher: PasswordHasher;
  codes: OneTimeCodes;
  /** Ends every sign-in of an account (sessions, grants, refresh tokens) in the transaction. */
  revokeSignIns: (tx: Transaction, accountId: number) => Promise<void>;
  limits: { lookupPerIpPerMinute: number; lookupPerTargetPerHour: number };
  /** Every verify answers after at least this long, found or not: the time says nothing. */
  verifyMinMs: number;
  /** Names the verify body's account address field. */
  productName: string;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const secret = () => randomBytes(32).toString('base64url');

function invalidSession(): never {
  throw new UnauthorizedError({
    id: 'reset_session_invalid',
    message: RESET_MESSAGES.sessionInvalid,
  });
}

const fieldError = (field: string, id: ErrorId, message: string, attemptsLeft?: number) =>
  new ValidationError([{ field, message }], {
    id,
    message,
    ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
  });

/** A code is bound to the session row: a resend gives a new session id, not fresh guesses. */
const bindingOf = (session: ResetSession) => `reset:${session.id}`;

/** Self-service password reset by one-time code, with the numbers of DESIGN.md's policy. */
export function createPasswordResetService(deps: Dependencies) {
  const { db, botCheck, toggles, outbox, audit, hasher, codes, limits } = deps;
  const repository = createPasswordResetRepository(db);

  const limit = (key: string, max: number, windowMs: number) =>
    enforceLimit(deps.counters, key, max, windowMs);

  const phoneAllowed = async (account: ResetAccount) =>
    account.phone !== null && (await toggles.isEnabled('REQUEST_PASSWORD_BY_PHONE'));

  /** The reset lookup: the account address and birth date, answered alike found or not. */
  async function verify(
    input: { accountEmail: string; dob: string; altcha?: string | undefined },
    ip: string,
  ): Promise<ResetVerifyResult> {
    const started = Date.now();
    await limit(`reset-ip:${ip}`, limits.lookupPerIpPerMinute, MINUTE_MS);
    if (!(await botCheck.verify(input.altcha))) {
      throw fieldError('altcha', 'bot_check_failed', LOOKUP_MESSAGES.botCheckFailed);
    }
    await limit(
      `reset-target:${audit.hash(input.accountEmail)}`,
      limits.lookupPerTargetPerHour,
      60 * MINUTE_MS,
    );

    const found = await repository.accountByEmail(input.accountEmail);
    const account = found && found.birthDate === input.dob ? found : undefined;
    const emailEligible = account?.personalEmail != null;
    const phoneEligible = account ? await phoneAllowed(account) : false;
    const usable = account && (emailEligible || phoneEligible) ? account : undefined;
    // A session is made either way, so a reader of timings or tokens learns nothing.
    const token = secret();
    await repository.createSession(
      sha256(token),
      usable?.accountId ?? null,
      RESET_POLICY.sessionMinutes * 60,
    );
    await audit.record({
      action: 'reset-verify',
      outcome: usable ? 'eligible' : account ? 'no-contact' : 'no-match',
      ip,
      target: input.accountEmail,
    });
    const wait = deps.verifyMinMs - (Date.now() - started);
    if (wait > 0) await sleep(wait);
    return {
      token,
      email: usable?.personalEmail ? maskEmail(usable.personalEmail) : null,
      email_eligible: usable ? emailEligible : false,
      phone: usable?.phone && phoneEligible ? maskPhone(usable.phone) : null,
      phone_eligible: usable ? phoneEligible : false,
    };
  }

  /** Sends a code to the chosen contact on file and opens a session bound to it. */
  async function sendOtp(
    token: string,
    method: ResetMethod,
    ip: string,
    language: MailLanguage,
  ): Promise<SendOtpResult> {
    const templates = deps.templates.in(language);
    // Read before the transaction: a lapsed toggle cache queries the database outside it, and
    // PGlite's single connection, held by the transaction, would wait for itself for ever.
    const phoneOn = method !== 'email' && (await toggles.isEnabled('REQUEST_PASSWORD_BY_PHONE'));
    // Refusals that change state (a lock) are returned, not thrown, so the change commits.
    const outcome = await db.transaction(async (tx): Promise<SendOtpResult | DomainError> => {
      const resets = createPasswordResetRepository(tx);
      const session = await resets.sessionBy({ tokenHash: sha256(token) });
      if (!session) invalidSession();
      if ((await codes.attemptsLeft(tx, bindingOf(session))) <= 0)
        return fieldError('otp', 'reset_attempts_used_up', RESET_MESSAGES.codeEnded, 0);
      const account = session.accountId ? await resets.accountById(session.accountId) : undefined;
      const to = method === 'email' ? account?.personalEmail : phoneOn ? account?.phone : null;
      if (!account || !to) {
        return method === 'email'
          ? fieldError('metode', 'no_personal_email', RESET_MESSAGES.notEligible)
          : fieldError('metode', 'no_phone', RESET_MESSAGES.phoneNotEligible);
      }
      const refused = await codes.takeSend(tx, {
        personId: account.personId,
        flow: 'reset',
        recipients: [to],
      });
      if (refused) {
        await audit.record(
          { action: 'reset-send', outcome: 'refused', ip, target: account.accountEmail },
          tx,
        );
        return refused;
      }

      // Every send gives a new session id and a new code: the old ones stop working, while
      // the wrong entries counted on the session stay.
      const sessionId = secret();
      const minutes =
        method === 'email' ? RESET_POLICY.emailCodeMinutes : RESET_POLICY.smsCodeMinutes;
      const { code, attemptsLeft } = await codes.issue(tx, {
        personId: account.personId,
        flow: 'reset',
        binding: bindingOf(session),
        minutes,
      });
      await resets.updateSession(session.id, { sessionHash: sha256(sessionId), method });
      await outbox.enqueue(
        tx,
        method === 'email'
          ? templates.resetCodeEmail(to, code, sessionId, minutes)
          : templates.resetCodeSms(to, code, minutes),
      );
      await audit.record(
        { action: 'reset-send', outcome: `queued-${method}`, ip, target: account.accountEmail },
        tx,
      );
      return {
        session_id: sessionId,
        metode: method,
        sent_to: method === 'email' ? maskEmail(to) : maskPhone(to),
        expires_in: minutes * 60,
        resend_in: codes.policy.resendCooldownSeconds,
        attempts_left: attemptsLeft,
      };
    });
    if (outcome instanceof DomainError) throw outcome;
    return outcome;
  }

  /** Checks the code of a session; a right one lets the session set a password for a while. */
  async function validateOtp(
    sessionId: string,
    otp: string,
    ip: string,
  ): Promise<{ verified: true; expires_in: number }> {
    const outcome = await db.transaction(async (tx) => {
      const resets = createPasswordResetRepository(tx);
      const session = await resets.sessionBy({ sessionHash: sha256(sessionId) });
      if (!session) invalidSession();
      return checkCode(tx, session, otp, ip);
    });
    if (outcome) throw outcome;
    return { verified: true, expires_in: RESET_POLICY.verifiedMinutes * 60 };
  }

  /** The new password of a verified session: every session signed out, every contact told. */
  async function setPassword(
    sessionId: string,
    password: string,
    ip: string,
    language: MailLanguage,
  ): Promise<{ done: true }> {
    const templates = deps.templates.in(language);
    const candidate = await db.transaction(async (tx) => {
      const resets = createPasswordResetRepository(tx);
      const session = await resets.sessionBy({ sessionHash: sha256(sessionId) });
      if (!session || !session.accountId) invalidSession();
      if (
        !session.verifiedAt ||
        session.verifiedAt.getTime() < Date.now() - RESET_POLICY.verifiedMinutes * MINUTE_MS
      ) {
        throw fieldError('otp', 'reset_not_verified', RESET_MESSAGES.notVerified);
      }
      const account = await resets.accountById(session.accountId);
      if (!account) invalidSession();
      return account;
    });
    const refusal = newPasswordRefusal(candidate.accountEmail, password);
    if (refusal) throw fieldError('password', refusal.id, refusal.message);
    // A reset that keeps the password would leave it with whoever knew it (an initial one is the
    // current hash until it is changed: the school holds it).
    if (candidate.passwordHash && (await hasher.verify(candidate.passwordHash, password))) {
      throw fieldError('password', 'reset_password_reused', RESET_MESSAGES.passwordReused);
    }

    // Hashing happens outside any transaction: it takes tens of milliseconds on the pool.
    const passwordHash = await hasher.hash(password);
    await db.transaction(async (tx) => {
      const resets = createPasswordResetRepository(tx);
      const session = await resets.sessionBy({ sessionHash: sha256(sessionId) });
      if (!session || session.accountId !== candidate.accountId) invalidSession();
      await resets.setPassword(candidate.accountId, passwordHash);
      // Whoever knew the old password is signed out everywhere with the change.
      await deps.revokeSignIns(tx, candidate.accountId);
      await resets.updateSession(session.id, { completedAt: new Date() });
      // Every contact on file is told; a phone when there is no e-mail (DESIGN.md).
      if (candidate.personalEmail) {
        await outbox.enqueue(
          tx,
          templates.passwordChangedNotice(
            candidate.personalEmail,
            candidate.accountEmail,
            new Date(),
          ),
        );
      } else if (candidate.phone) {
        await outbox.enqueue(
          tx,
          templates.passwordChangedNoticeSms(candidate.phone, candidate.accountEmail, new Date()),
        );
      }
      await audit.record(
        { action: 'reset-password', outcome: 'changed', ip, target: candidate.accountEmail },
        tx,
      );
    });
    return { done: true };
  }

  /** Undefined when the code is right (and now used); otherwise the error to answer. */
  async function checkCode(tx: Transaction, session: ResetSession, otp: string, ip: string) {
    const resets = createPasswordResetRepository(tx);
    const account = session.accountId ? await resets.accountById(session.accountId) : undefined;
    if (!account) return fieldError('otp', 'reset_code_expired', RESET_MESSAGES.codeExpired);
    const result = await codes.check(tx, {
      personId: account.personId,
      flow: 'reset',
      codes: [{ binding: bindingOf(session), code: otp }],
    });
    await audit.record(
      { action: 'reset-validate', outcome: result.ok ? 'verified' : result.reason, ip },
      tx,
    );
    if (result.ok) {
      await resets.updateSession(session.id, { verifiedAt: new Date() });
      return undefined;
    }
    if (result.reason === 'locked') return result.error;
    if (result.reason === 'wrong') {
      const message = RESET_MESSAGES.codeInvalid(result.attemptsLeft);
      return fieldError('otp', 'reset_code_invalid', message, result.attemptsLeft);
    }
    return result.reason === 'ended'
      ? fieldError('otp', 'reset_attempts_used_up', RESET_MESSAGES.codeEnded, 0)
      : fieldError('otp', 'reset_code_expired', RESET_MESSAGES.codeExpired);
  }

  return {
    verify,
    sendOtp,
    validateOtp,
    setPassword,
    /** The verify body's schema: its account address field is named after the product. */
    verifyBodySchema: resetVerifyBodySchema(deps.productName),
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
