import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_POLICY } from '@portal/contracts/one-time-codes';
import { RESET_MESSAGES, resetLockedMessage } from '@portal/contracts/password-reset';
import type { DomainError } from '../http/domain-errors';
import { RateLimitedError } from '../http/domain-errors';
import type { Transaction } from '../db/database';
import {
  ALL_FLOWS,
  createOneTimeCodesRepository,
  type OneTimeCodesRepository,
  type StoredCode,
} from './one-time-codes-repository';

/** The flows that send codes or account data to a contact on file. */
export type CodeFlow = 'details' | 'email-change' | 'reset';

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: 'locked'; error: DomainError }
  | { ok: false; reason: 'ended' | 'expired' }
  /** `wrong` lists the bindings whose code was not right. */
  | { ok: false; reason: 'wrong'; attemptsLeft: number; wrong: string[] };

const HOUR_SECONDS = 3600;

const lockedError = (seconds: number, wrongCodes: boolean) =>
  new RateLimitedError(
    seconds,
    wrongCodes
      ? {
          id: 'code_entries_locked',
          message: RESET_MESSAGES.wrongCodesLocked(Math.ceil(seconds / HOUR_SECONDS)),
        }
      : { id: 'code_sends_locked', message: resetLockedMessage(Math.ceil(seconds / 60)) },
  );

/**
 * One-time codes for every flow, with DESIGN.md's policy: issue and check (CSPRNG digits, HMAC
 * with the binding, single use), and the counters a new session or request never resets: the
 * send cooldown and hourly cap per person and flow, wrong entries per person across flows, and
 * a cap per recipient. Everything runs in the caller's transaction, in the database, so every
 * instance and every restart sees the same counts. Refusals are returned, not thrown: a lock or
 * a wrong entry must commit with the answer.
 */
export function createOneTimeCodes(
  key: string,
  {
    resendCooldownSeconds = CODE_POLICY.resendCooldownSeconds,
  }: { resendCooldownSeconds?: number } = {},
) {
  const policy = { ...CODE_POLICY, resendCooldownSeconds };
  const hashCode = (binding: string, code: string) =>
    createHmac('sha256', key).update(`${binding}:${code}`).digest('hex');

  async function locked(repository: OneTimeCodesRepository, personId: number, flow: CodeFlow) {
    const seconds = await repository.lockedSeconds(personId, [flow, ALL_FLOWS]);
    if (seconds <= 0) return undefined;
    const all = await repository.lockedSeconds(personId, [ALL_FLOWS]);
    return lockedError(seconds, all === seconds);
  }

  return {
    policy,

    /**
     * Takes one send of the flow for the person, to these recipients, or answers why not: a
     * lock, the cooldown, the hourly cap (which then locks the flow), or a full inbox.
     */
    async takeSend(
      tx: Transaction,
      send: { personId: number; flow: CodeFlow; recipients: string[] },
    ): Promise<DomainError | undefined> {
      const repository = createOneTimeCodesRepository(tx);
      await repository.holdPerson(send.personId);
      const lock = await locked(repository, send.personId, send.flow);
      if (lock) return lock;
      const sends = await repository.recentSends(send.personId, send.flow);
      if (
        sends.secondsSinceLast !== null &&
        sends.secondsSinceLast < policy.resendCooldownSeconds
      ) {
        const wait = Math.ceil(policy.resendCooldownSeconds - sends.secondsSinceLast);
        return new RateLimitedError(wait, {
          id: 'code_send_cooldown',
          message: RESET_MESSAGES.cooldown(wait),
        });
      }
      if (sends.lastHour >= CODE_POLICY.maxSendsPerHour) {
        const seconds = CODE_POLICY.lockHours * HOUR_SECONDS;
        await repository.lock(send.personId, send.flow, seconds);
        return lockedError(seconds, false);
      }
      for (const recipient of send.recipients) {
        const queued = await repository.messagesToRecipientLastHour(recipient);
        if (queued >= CODE_POLICY.maxMessagesPerRecipientPerHour)
          return new RateLimitedError(HOUR_SECONDS);
      }
      await repository.recordSend(send.personId, send.flow);
      return undefined;
    },

    /** A new code for the binding, replacing its earlier one; its wrong entries stay. */
    async issue(
      tx: Transaction,
      code: { personId: number; flow: CodeFlow; binding: string; minutes: number },
    ): Promise<{ code: string; attemptsLeft: number }> {
      const digits = String(randomInt(0, 10 ** CODE_POLICY.codeDigits)).padStart(
        CODE_POLICY.codeDigits,
        '0',
      );
      const stored = await createOneTimeCodesRepository(tx).putCode({
        personId: code.personId,
        flow: code.flow,
        binding: code.binding,
        codeHash: hashCode(code.binding, digits),
        seconds: code.minutes * 60,
      });
      return { code: digits, attemptsLeft: CODE_POLICY.maxWrongCodes - stored.failedAttempts };
    },

    /** Wrong entries left on the binding's code; 0 when it ended (or none was issued). */
    async attemptsLeft(tx: Transaction, binding: string): Promise<number> {
      const stored = await createOneTimeCodesRepository(tx).codeByBinding(binding);
      return stored ? CODE_POLICY.maxWrongCodes - stored.failedAttempts : CODE_POLICY.maxWrongCodes;
    },

    /**
     * Checks the codes given for their bindings as one entry: right only when all are. A wrong
     * entry counts once on each code of the entry and once for the person; right codes are used
     * up. Codes of another binding (another session) never match.
     */
    async check(
      tx: Transaction,
      entry: { personId: number; flow: CodeFlow; codes: { binding: string; code: string }[] },
    ): Promise<CodeCheck> {
      const repository = createOneTimeCodesRepository(tx);
      await repository.holdPerson(entry.personId);
      const lock = await locked(repository, entry.personId, entry.flow);
      if (lock) return { ok: false, reason: 'locked', error: lock };
      const stored: StoredCode[] = [];
      for (const { binding } of entry.codes) {
        const code = await repository.codeByBinding(binding);
        if (!code || code.personId !== entry.personId) return { ok: false, reason: 'expired' };
        if (code.failedAttempts >= CODE_POLICY.maxWrongCodes) return { ok: false, reason: 'ended' };
        if (!code.codeHash || code.expiresAt.getTime() <= Date.now())
          return { ok: false, reason: 'expired' };
        stored.push(code);
      }
      const ids = stored.map((code) => code.id);
      const wrong = entry.codes
        .filter(({ binding, code }, i) => {
          const expected = Buffer.from(stored[i]!.codeHash!, 'hex');
          return !timingSafeEqual(expected, Buffer.from(hashCode(binding, code), 'hex'));
        })
        .map(({ binding }) => binding);
      if (wrong.length === 0) {
        // Single use: the codes are gone the moment they are accepted.
        await repository.updateCodes(ids, { codeHash: null });
        return { ok: true };
      }
      const failures = Math.max(...stored.map((code) => code.failedAttempts)) + 1;
      await repository.updateCodes(ids, {
        failedAttempts: failures,
        ...(failures >= CODE_POLICY.maxWrongCodes ? { codeHash: null } : {}),
      });
      const recent = await repository.recordWrongEntry(
        entry.personId,
        entry.flow,
        CODE_POLICY.wrongWindowHours * 60,
      );
      if (recent >= CODE_POLICY.maxWrongPerPerson) {
        const seconds = CODE_POLICY.lockHours * HOUR_SECONDS;
        await repository.lock(entry.personId, ALL_FLOWS, seconds);
        return { ok: false, reason: 'locked', error: lockedError(seconds, true) };
      }
      if (failures >= CODE_POLICY.maxWrongCodes) return { ok: false, reason: 'ended' };
      return {
        ok: false,
        reason: 'wrong',
        attemptsLeft: CODE_POLICY.maxWrongCodes - failures,
        wrong,
      };
    },
  };
}
export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
