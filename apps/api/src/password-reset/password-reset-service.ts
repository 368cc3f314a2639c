import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  RESET_MESSAGES,
  RESET_POLICY,
  resetLockedMessage,
  type ResetMethod,
  type ResetVerifyResult,
  type SendOtpResult,
} from '@portal/contracts/password-reset';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';
import { maskEmail, maskPhone } from '../account-lookup/masking';
import type { AuditLog } from '../audit/audit-repository';
import type { BotCheckService } from '../bot-check/bot-check-service';
import { isCommonPassword } from '../credentials/common-passwords';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Db } from '../db/database';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import { DomainError, RateLimitedError, ValidationError } from '../http/domain-errors';
import type { RateLimitStore } from '../http/rate-limit-store';
import type { MessageTemplates } from '../notifications/message-templates';
import type { Transaction } from '../jobs/job-queue';
import type { OutboxService } from '../notifications/outbox-service';
import {
  createPasswordResetRepository,
  type ResetAccount,
  type ResetSession,
} from './password-reset-repository';

// Every verify answers after at least this long, found or not: the time says nothing.
const VERIFY_MIN_MS = 400;
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
  codeKey: string;
  limits: { lookupPerIpPerMinute: number; lookupPerTargetPerHour: number };
  verifyMinMs?: number;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const secret = () => randomBytes(32).toString('base64url');

function invalidSession(): never {
  throw new DomainError('UNAUTHORIZED', 401, RESET_MESSAGES.sessionInvalid);
}

const fieldError = (field: string, message: string) =>
  new ValidationError(message, [{ field, message }]);

/** Self-service password reset by one-time code, with the numbers of DESIGN.md's policy. */
export function createPasswordResetService(deps: Dependencies) {
  const { db, botCheck, toggles, counters, outbox, templates, audit, hasher } = deps;
  const repository = createPasswordResetRepository(db);
  const hashCode = (sessionHash: string, code: string) =>
    createHmac('sha256', deps.codeKey).update(`reset:${sessionHash}:${code}`).digest('hex');

  async function limit(key: string, max: number, windowMs: number): Promise<void> {
    const { count, resetInMs } = await counters.increment(key, windowMs);
    if (count > max) throw new RateLimitedError(Math.ceil(resetInMs / 1000));
  }

  const phoneAllowed = async (account: ResetAccount) =>
    account.phone !== null && (await toggles.isEnabled('REQUEST_PASSWORD_BY_PHONE'));

  return {
    async verify(
      input: { accountEmail: string; dob: string; altcha?: string | undefined },
      ip: string,
    ): Promise<ResetVerifyResult> {
      const started = Date.now();
      await limit(`reset-ip:${ip}`, deps.limits.lookupPerIpPerMinute, MINUTE_MS);
      if (!(await botCheck.verify(input.altcha))) {
        throw new ValidationError(LOOKUP_MESSAGES.botCheckFailed, [
          { field: 'altcha', message: LOOKUP_MESSAGES.botCheckFailed },
        ]);
      }
      await limit(
        `reset-target:${audit.hash(input.accountEmail)}`,
        deps.limits.lookupPerTargetPerHour,
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
      const wait = (deps.verifyMinMs ?? VERIFY_MIN_MS) - (Date.now() - started);
      if (wait > 0) await sleep(wait);
      return {
        token,
        email: usable?.personalEmail ? maskEmail(usable.personalEmail) : null,
        email_eligible: usable ? emailEligible : false,
        phone: usable?.phone && phoneEligible ? maskPhone(usable.phone) : null,
        phone_eligible: usable ? phoneEligible : false,
      };
    },

    async sendOtp(token: string, method: ResetMethod, ip: string): Promise<SendOtpResult> {
      // Read before the transaction: a lapsed toggle cache queries the database outside it, and
      // PGlite's single connection, held by the transaction, would wait for itself for ever.
      const phoneOn = method !== 'email' && (await toggles.isEnabled('REQUEST_PASSWORD_BY_PHONE'));
      // Refusals that change state (a lock) are returned, not thrown, so the change commits.
      const outcome = await db.transaction(async (tx): Promise<SendOtpResult | DomainError> => {
        const session = await repository.sessionBy(tx, { tokenHash: sha256(token) });
        if (!session) invalidSession();
        if (session.failedAttempts >= RESET_POLICY.maxWrongCodes)
          return fieldError('otp', RESET_MESSAGES.codeEnded);
        const account = session.accountId
          ? await repository.accountById(tx, session.accountId)
          : undefined;
        const to = method === 'email' ? account?.personalEmail : phoneOn ? account?.phone : null;
        if (!account || !to) {
          return fieldError(
            'metode',
            method === 'email' ? RESET_MESSAGES.notEligible : RESET_MESSAGES.phoneNotEligible,
          );
        }
        const lockedFor = await repository.lockRemainingSeconds(tx, account.accountId);
        if (lockedFor > 0)
          return new RateLimitedError(lockedFor, resetLockedMessage(Math.ceil(lockedFor / 60)));
        const sends = await repository.recentSends(tx, account.accountId);
        if (
          sends.secondsSinceLast !== null &&
          sends.secondsSinceLast < RESET_POLICY.resendCooldownSeconds
        ) {
          const wait = Math.ceil(RESET_POLICY.resendCooldownSeconds - sends.secondsSinceLast);
          return new RateLimitedError(wait, RESET_MESSAGES.cooldown(wait));
        }
        if (sends.lastHour >= RESET_POLICY.maxSendsPerHour) {
          const lockSeconds = RESET_POLICY.lockHours * 3600;
          await repository.lock(tx, account.accountId, lockSeconds);
          await audit.record(
            { action: 'reset-send', outcome: 'locked', ip, target: account.accountEmail },
            tx,
          );
          return new RateLimitedError(lockSeconds, resetLockedMessage(lockSeconds / 60));
        }

        // Every send gives a new session id and a new code: the old ones stop working, while
        // the wrong entries counted on the session stay.
        const sessionId = secret();
        const sessionHash = sha256(sessionId);
        const code = String(randomInt(0, 10 ** RESET_POLICY.codeDigits)).padStart(
          RESET_POLICY.codeDigits,
          '0',
        );
        const minutes =
          method === 'email' ? RESET_POLICY.emailCodeMinutes : RESET_POLICY.smsCodeMinutes;
        await repository.updateSession(tx, session.id, {
          sessionHash,
          method,
          codeHash: hashCode(sessionHash, code),
          codeExpiresAt: new Date(Date.now() + minutes * MINUTE_MS),
        });
        await repository.recordSend(tx, account.accountId);
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
          resend_in: RESET_POLICY.resendCooldownSeconds,
          attempts_left: RESET_POLICY.maxWrongCodes - session.failedAttempts,
        };
      });
      if (outcome instanceof DomainError) throw outcome;
      return outcome;
    },

    async validateOtp(
      sessionId: string,
      otp: string,
      ip: string,
    ): Promise<{ verified: true; expires_in: number }> {
      const outcome = await db.transaction(async (tx) => {
        const session = await repository.sessionBy(tx, { sessionHash: sha256(sessionId) });
        if (!session) invalidSession();
        return checkCode(tx, session, otp, ip);
      });
      if (outcome) throw outcome;
      return { verified: true, expires_in: RESET_POLICY.verifiedMinutes * 60 };
    },

    async setPassword(sessionId: string, password: string, ip: string): Promise<{ done: true }> {
      const candidate = await db.transaction(async (tx) => {
        const session = await repository.sessionBy(tx, { sessionHash: sha256(sessionId) });
        if (!session || !session.accountId) invalidSession();
        if (
          !session.verifiedAt ||
          session.verifiedAt.getTime() < Date.now() - RESET_POLICY.verifiedMinutes * MINUTE_MS
        ) {
          throw fieldError('otp', RESET_MESSAGES.notVerified);
        }
        const account = await repository.accountById(tx, session.accountId);
        if (!account) invalidSession();
        return account;
      });
      if (isCommonPassword(password)) throw fieldError('password', RESET_MESSAGES.commonPassword);
      const localPart = candidate.accountEmail.split('@')[0] ?? '';
      if ([candidate.accountEmail, localPart].includes(password.toLowerCase())) {
        throw fieldError('password', RESET_MESSAGES.passwordIsAccount);
      }

      // Hashing happens outside any transaction: it takes tens of milliseconds on the pool.
      const passwordHash = await hasher.hash(password);
      await db.transaction(async (tx) => {
        const session = await repository.sessionBy(tx, { sessionHash: sha256(sessionId) });
        if (!session || session.accountId !== candidate.accountId) invalidSession();
        await repository.setPassword(tx, candidate.accountId, passwordHash);
        await repository.updateSession(tx, session.id, { completedAt: new Date(), codeHash: null });
        if (candidate.personalEmail) {
          await outbox.enqueue(
            tx,
            templates.passwordChangedNotice(
              candidate.personalEmail,
              candidate.accountEmail,
              new Date(),
            ),
          );
        }
        await audit.record(
          { action: 'reset-password', outcome: 'changed', ip, target: candidate.accountEmail },
          tx,
        );
      });
      return { done: true };
    },
  };

  /** Undefined when the code is right (and now used); otherwise the error to answer. */
  async function checkCode(tx: Transaction, session: ResetSession, otp: string, ip: string) {
    if (session.failedAttempts >= RESET_POLICY.maxWrongCodes)
      return fieldError('otp', RESET_MESSAGES.codeEnded);
    if (
      !session.codeHash ||
      !session.sessionHash ||
      !session.codeExpiresAt ||
      session.codeExpiresAt.getTime() <= Date.now()
    ) {
      return fieldError('otp', RESET_MESSAGES.codeExpired);
    }
    const expected = Buffer.from(session.codeHash, 'hex');
    const given = Buffer.from(hashCode(session.sessionHash, otp), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const failures = session.failedAttempts + 1;
      const ended = failures >= RESET_POLICY.maxWrongCodes;
      await repository.updateSession(tx, session.id, {
        failedAttempts: failures,
        ...(ended ? { codeHash: null } : {}),
      });
      await audit.record(
        { action: 'reset-validate', outcome: ended ? 'ended' : 'wrong-code', ip },
        tx,
      );
      return fieldError(
        'otp',
        ended
          ? RESET_MESSAGES.codeEnded
          : RESET_MESSAGES.codeInvalid(RESET_POLICY.maxWrongCodes - failures),
      );
    }
    // Single use: the code is gone the moment it is accepted.
    await repository.updateSession(tx, session.id, { verifiedAt: new Date(), codeHash: null });
    await audit.record({ action: 'reset-validate', outcome: 'verified', ip }, tx);
    return undefined;
  }
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
