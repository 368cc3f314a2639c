import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SIGN_IN_MESSAGES, SIGN_IN_POLICY, type SignInBody } from '@portal/contracts/sign-in';
import type { AuditLog } from '../audit/audit-repository';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Db } from '../db/database';
import { UnauthorizedError } from '../http/domain-errors';
import { enforceLimit, type RateLimitStore } from '../http/rate-limit-store';
import { logBackgroundError } from '../http/logger-options';
import type { AccountClaims } from './oidc-provider';
import { createSignInRepository } from './sign-in-repository';

type Dependencies = {
  db: Db;
  hasher: PasswordHasher;
  audit: AuditLog;
  counters: RateLimitStore;
  limitPerIpPerMinute: number;
  /** Every answer to a password takes at least this long (tests lower it). */
  answerFloorMs?: number;
};

type Outcome = 'signed-in' | 'wrong-password' | 'locked' | 'unknown-account' | 'no-password';

const MINUTE_MS = 60_000;

/**
 * The password check of the sign-in page, with DESIGN.md's lockout: wrong passwords counted per
 * person in the database, a lock answered exactly like a wrong password (same body, same floor,
 * a hash computed either way), every attempt audited by keyed hash and internal id.
 */
export function createSignInService(deps: Dependencies) {
  const { db, hasher, audit, counters } = deps;
  const repository = createSignInRepository(db);
  const floorMs = deps.answerFloorMs ?? SIGN_IN_POLICY.answerFloorMs;
  // An unknown account costs a hash too, against a password nobody knows.
  const dummyHash = hasher.hash(randomBytes(24).toString('base64url'));
  dummyHash.catch((error: unknown) => logBackgroundError('dummy password hash failed', error));

  /** Decides in one transaction per person, so parallel attempts count one by one. */
  async function settle(
    personId: number,
    right: boolean,
    entry: { ip: string; email: string; kind: string },
  ) {
    return db.transaction(async (tx): Promise<Outcome> => {
      await repository.holdPerson(tx, personId);
      const record = (action: string, outcome: string) =>
        audit.record(
          { action, outcome, personId, userType: entry.kind, ip: entry.ip, target: entry.email },
          tx,
        );
      if ((await repository.lockedSeconds(tx, personId)) > 0) {
        await record('sign-in', 'locked');
        return 'locked';
      }
      if (right) {
        await record('sign-in', 'signed-in');
        return 'signed-in';
      }
      const wrong = await repository.recordWrongPassword(
        tx,
        personId,
        SIGN_IN_POLICY.wrongWindowMinutes,
      );
      await record('sign-in', 'wrong-password');
      if (wrong >= SIGN_IN_POLICY.maxWrongPasswords) {
        await repository.lock(tx, personId, SIGN_IN_POLICY.lockMinutes * 60);
        await repository.clearWrongPasswords(tx, personId);
        await record('sign-in-lock', 'locked');
      }
      return 'wrong-password';
    });
  }

  return {
    /** The account id the password opens; a 401 that says nothing more otherwise. */
    async checkPassword(input: SignInBody, ip: string): Promise<string> {
      await enforceLimit(counters, `sign-in-ip:${ip}`, deps.limitPerIpPerMinute, MINUTE_MS);
      const started = Date.now();
      try {
        const account = await repository.accountByEmail(input.email);
        const hash = account?.passwordHash ?? (await dummyHash);
        const right = (await hasher.verify(hash, input.password)) && !!account?.passwordHash;
        let outcome: Outcome;
        if (account?.passwordHash) {
          outcome = await settle(account.personId, right, {
            ip,
            email: input.email,
            kind: account.kind,
          });
        } else {
          outcome = account ? 'no-password' : 'unknown-account';
          audit.queue({
            action: 'sign-in',
            outcome,
            ip,
            target: input.email,
            personId: account?.personId,
          });
        }
        if (outcome !== 'signed-in' || !account)
          throw new UnauthorizedError({ id: 'sign_in_failed', message: SIGN_IN_MESSAGES.failed });
        return String(account.accountId);
      } finally {
        const wait = floorMs - (Date.now() - started);
        if (wait > 0) await sleep(wait);
      }
    },

    /** The claims of an active account, for the provider's tokens. */
    async accountClaims(accountId: string): Promise<AccountClaims | undefined> {
      if (!/^\d{1,18}$/.test(accountId)) return undefined;
      const row = await repository.claims(Number(accountId));
      return row ? { accountId, email: row.email, name: row.name } : undefined;
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
