import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { learningAccounts, passwordResetSessions, people } from '../db/schema';
import type { Transaction } from '../db/database';

export type ResetAccount = {
  accountId: number;
  personId: number;
  accountEmail: string;
  /** Null while the registry has not recorded it: such an account never verifies. */
  birthDate: string | null;
  personalEmail: string | null;
  phone: string | null;
  /** argon2id hash of the current password (the initial one while it must be changed). */
  passwordHash: string | null;
};

export type ResetSession = typeof passwordResetSessions.$inferSelect;

/** SQL only: accounts to reset and their reset sessions, on the database or inside a transaction. */
export function createPasswordResetRepository(db: Db | Transaction) {
  const accountQuery = () =>
    db
      .select({
        accountId: learningAccounts.id,
        personId: learningAccounts.personId,
        accountEmail: learningAccounts.email,
        birthDate: people.birthDate,
        personalEmail: people.personalEmail,
        phone: people.phone,
        passwordHash: learningAccounts.passwordHash,
      })
      .from(learningAccounts)
      .innerJoin(people, eq(people.id, learningAccounts.personId));

  return {
    async accountByEmail(email: string): Promise<ResetAccount | undefined> {
      const [row] = await accountQuery().where(
        and(eq(learningAccounts.email, email), eq(learningAccounts.status, 'active')),
      );
      return row;
    },

    async accountById(accountId: number): Promise<ResetAccount | undefined> {
      const [row] = await accountQuery().where(eq(learningAccounts.id, accountId));
      return row;
    },

    async createSession(
      tokenHash: string,
      accountId: number | null,
      validSeconds: number,
    ): Promise<void> {
      await db.insert(passwordResetSessions).values({
        tokenHash,
        accountId,
        expiresAt: sql`now() + make_interval(secs => ${validSeconds})`,
      });
    },

    /** The session, locked for the rest of the transaction, if it is still open. */
    async sessionBy(
      by: { tokenHash: string } | { sessionHash: string },
    ): Promise<ResetSession | undefined> {
      const where =
        'tokenHash' in by
          ? eq(passwordResetSessions.tokenHash, by.tokenHash)
          : eq(passwordResetSessions.sessionHash, by.sessionHash);
      const [row] = await db
        .select()
        .from(passwordResetSessions)
        .where(
          and(
            where,
            gt(passwordResetSessions.expiresAt, sql`now()`),
            sql`${passwordResetSessions.completedAt} IS NULL`,
          ),
        )
        .for('update');
      return row;
    },

    async updateSession(id: number, values: Partial<typeof passwordResetSessions.$inferInsert>) {
      await db.update(passwordResetSessions).set(values).where(eq(passwordResetSessions.id, id));
    },

    async setPassword(accountId: number, passwordHash: string): Promise<void> {
      await db
        .update(learningAccounts)
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: sql`now()` })
        .where(eq(learningAccounts.id, accountId));
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
