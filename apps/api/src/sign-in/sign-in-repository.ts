import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { codeWrongEntries, learningAccounts, people } from '../db/schema';
import type { Transaction } from '../db/database';
import { oneTimeCodesRepository, SIGN_IN_FLOW } from '../one-time-codes/one-time-codes-repository';

export type SignInAccount = {
  accountId: number;
  personId: number;
  kind: string;
  passwordHash: string | null;
};

/** SQL of the sign-in: accounts, and wrong passwords counted in the one-time codes' tables. */
export function createSignInRepository(db: Db) {
  return {
    async accountByEmail(email: string): Promise<SignInAccount | undefined> {
      const [row] = await db
        .select({
          accountId: learningAccounts.id,
          personId: learningAccounts.personId,
          kind: learningAccounts.kind,
          passwordHash: learningAccounts.passwordHash,
        })
        .from(learningAccounts)
        .where(and(eq(learningAccounts.email, email), eq(learningAccounts.status, 'active')));
      return row;
    },

    /** What the provider puts in its tokens about an active account. */
    async claims(accountId: number) {
      const [row] = await db
        .select({ email: learningAccounts.email, name: people.fullName })
        .from(learningAccounts)
        .innerJoin(people, eq(people.id, learningAccounts.personId))
        .where(and(eq(learningAccounts.id, accountId), eq(learningAccounts.status, 'active')));
      return row;
    },

    /** Holds the person's row for the transaction: their attempts count one at a time. */
    holdPerson: oneTimeCodesRepository.holdPerson,

    lockedSeconds: (tx: Transaction, personId: number) =>
      oneTimeCodesRepository.lockedSeconds(tx, personId, [SIGN_IN_FLOW]),

    lock: (tx: Transaction, personId: number, seconds: number) =>
      oneTimeCodesRepository.lock(tx, personId, SIGN_IN_FLOW, seconds),

    /** Records a wrong password; answers the person's wrong passwords within the window. */
    async recordWrongPassword(
      tx: Transaction,
      personId: number,
      windowMinutes: number,
    ): Promise<number> {
      await tx.insert(codeWrongEntries).values({ personId, flow: SIGN_IN_FLOW });
      const [row] = await tx
        .select({ n: count() })
        .from(codeWrongEntries)
        .where(
          and(
            eq(codeWrongEntries.personId, personId),
            eq(codeWrongEntries.flow, SIGN_IN_FLOW),
            gt(codeWrongEntries.enteredAt, sql`now() - make_interval(mins => ${windowMinutes})`),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** A lock starts a fresh count: the wrong passwords before it are spent. */
    async clearWrongPasswords(tx: Transaction, personId: number): Promise<void> {
      await tx
        .delete(codeWrongEntries)
        .where(
          and(eq(codeWrongEntries.personId, personId), eq(codeWrongEntries.flow, SIGN_IN_FLOW)),
        );
    },
  };
}
export type SignInRepository = ReturnType<typeof createSignInRepository>;
