import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { schoolsRunBy } from '../access/access-repository';
import type { Db, Transaction } from '../db/database';
import { accountRecoveryCodes, accountTotp, learningAccounts, people } from '../db/schema';
import {
  createOneTimeCodesRepository,
  SIGN_IN_FLOW,
} from '../one-time-codes/one-time-codes-repository';

export type AccountTotp = typeof accountTotp.$inferSelect;

/** SQL of a learning account's second factor: its app, its recovery codes, its counters. */
export function createSignInMethodsRepository(db: Db | Transaction) {
  const codes = createOneTimeCodesRepository(db);
  return {
    async account(accountId: number) {
      const [row] = await db
        .select({
          email: learningAccounts.email,
          personId: learningAccounts.personId,
          kind: learningAccounts.kind,
          passwordHash: learningAccounts.passwordHash,
        })
        .from(learningAccounts)
        .where(and(eq(learningAccounts.id, accountId), eq(learningAccounts.status, 'active')));
      return row;
    },

    /**
     * Locks the account's row for the transaction: its factors change one at a time, so what it
     * held before a change is read after the change before it committed.
     */
    async holdAccount(accountId: number): Promise<void> {
      await db
        .select({ id: learningAccounts.id })
        .from(learningAccounts)
        .where(eq(learningAccounts.id, accountId))
        .for('update');
    },

    /** The account's address and the contacts on file of its person, to tell of a change. */
    async contactsOf(accountId: number) {
      const [row] = await db
        .select({
          email: learningAccounts.email,
          personId: learningAccounts.personId,
          kind: learningAccounts.kind,
          personalEmail: people.personalEmail,
          phone: people.phone,
        })
        .from(learningAccounts)
        .innerJoin(people, eq(people.id, learningAccounts.personId))
        .where(eq(learningAccounts.id, accountId));
      return row;
    },

    /** The schools the person runs today: a second factor is required for their admin actions. */
    schoolsRunBy: (personId: number) => schoolsRunBy(db, personId),

    async totpOf(accountId: number): Promise<AccountTotp | undefined> {
      const [row] = await db.select().from(accountTotp).where(eq(accountTotp.accountId, accountId));
      return row;
    },

    /** A pending secret in place of any pending one; false when an app is enrolled already. */
    async savePendingTotp(accountId: number, secretSealed: string): Promise<boolean> {
      const rows = await db
        .insert(accountTotp)
        .values({ accountId, secretSealed })
        .onConflictDoUpdate({
          target: accountTotp.accountId,
          set: { secretSealed, createdAt: sql`now()`, lastStep: null },
          setWhere: isNull(accountTotp.enrolledAt),
        })
        .returning({ accountId: accountTotp.accountId });
      return rows.length === 1;
    },

    async setTotpStep(accountId: number, step: number, enrol = false) {
      await db
        .update(accountTotp)
        .set({ lastStep: step, ...(enrol ? { enrolledAt: sql`now()` } : {}) })
        .where(eq(accountTotp.accountId, accountId));
    },

    /** Removes the enrolled app; false when there was none. */
    async removeTotp(accountId: number): Promise<boolean> {
      const rows = await db
        .delete(accountTotp)
        .where(eq(accountTotp.accountId, accountId))
        .returning({ enrolledAt: accountTotp.enrolledAt });
      return rows.some((row) => row.enrolledAt !== null);
    },

    async replaceRecoveryCodes(accountId: number, hashes: string[]) {
      await db.delete(accountRecoveryCodes).where(eq(accountRecoveryCodes.accountId, accountId));
      if (hashes.length > 0) {
        await db
          .insert(accountRecoveryCodes)
          .values(hashes.map((codeHash) => ({ accountId, codeHash })));
      }
    },

    async recoveryCodesLeft(accountId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(accountRecoveryCodes)
        .where(
          and(eq(accountRecoveryCodes.accountId, accountId), isNull(accountRecoveryCodes.usedAt)),
        );
      return row?.n ?? 0;
    },

    async unusedRecoveryHashes(accountId: number): Promise<string[]> {
      const rows = await db
        .select({ codeHash: accountRecoveryCodes.codeHash })
        .from(accountRecoveryCodes)
        .where(
          and(eq(accountRecoveryCodes.accountId, accountId), isNull(accountRecoveryCodes.usedAt)),
        );
      return rows.map((row) => row.codeHash);
    },

    /** Spends a recovery code; false when another attempt spent it first. */
    async useRecoveryCode(accountId: number, codeHash: string): Promise<boolean> {
      const used = await db
        .update(accountRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountRecoveryCodes.accountId, accountId),
            eq(accountRecoveryCodes.codeHash, codeHash),
            isNull(accountRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: accountRecoveryCodes.id });
      return used.length === 1;
    },

    /** The sign-in's counters: a wrong confirmation counts like a wrong password. */
    holdPerson: codes.holdPerson,
    lockedSeconds: (personId: number) => codes.lockedSeconds(personId, [SIGN_IN_FLOW]),
    lock: (personId: number, seconds: number) => codes.lock(personId, SIGN_IN_FLOW, seconds),
    recordWrong: (personId: number, windowMinutes: number) =>
      codes.recordWrongEntry(personId, SIGN_IN_FLOW, windowMinutes),
  };
}
export type SignInMethodsRepository = ReturnType<typeof createSignInMethodsRepository>;
