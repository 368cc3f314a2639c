import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  learningAccounts,
  passwordResetLocks,
  passwordResetSends,
  passwordResetSessions,
  people,
} from '../db/schema';
import type { Transaction } from '../jobs/job-queue';

export type ResetAccount = {
  accountId: number;
  accountEmail: string;
  birthDate: string;
  personalEmail: string | null;
  phone: string | null;
};

export type ResetSession = typeof passwordResetSessions.$inferSelect;

const accountQuery = (executor: Db | Transaction) =>
  executor
    .select({
      accountId: learningAccounts.id,
      accountEmail: learningAccounts.email,
      birthDate: people.birthDate,
      personalEmail: people.personalEmail,
      phone: people.phone,
    })
    .from(learningAccounts)
    .innerJoin(people, eq(people.id, learningAccounts.personId));

export function createPasswordResetRepository(db: Db) {
  return {
    async accountByEmail(email: string): Promise<ResetAccount | undefined> {
      const [row] = await accountQuery(db).where(
        and(eq(learningAccounts.email, email), eq(learningAccounts.status, 'active')),
      );
      return row;
    },

    async accountById(tx: Transaction, accountId: number): Promise<ResetAccount | undefined> {
      const [row] = await accountQuery(tx).where(eq(learningAccounts.id, accountId));
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
      tx: Transaction,
      by: { tokenHash: string } | { sessionHash: string },
    ): Promise<ResetSession | undefined> {
      const where =
        'tokenHash' in by
          ? eq(passwordResetSessions.tokenHash, by.tokenHash)
          : eq(passwordResetSessions.sessionHash, by.sessionHash);
      const [row] = await tx
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

    async updateSession(
      tx: Transaction,
      id: number,
      values: Partial<typeof passwordResetSessions.$inferInsert>,
    ) {
      await tx.update(passwordResetSessions).set(values).where(eq(passwordResetSessions.id, id));
    },

    /** Seconds until the account's lock ends; 0 when not locked. Locks the account's row. */
    async lockRemainingSeconds(tx: Transaction, accountId: number): Promise<number> {
      await tx
        .select({ id: learningAccounts.id })
        .from(learningAccounts)
        .where(eq(learningAccounts.id, accountId))
        .for('update');
      const [row] = await tx
        .select({
          seconds: sql<number>`ceil(extract(epoch from ${passwordResetLocks.lockedUntil} - now()))::int`,
        })
        .from(passwordResetLocks)
        .where(
          and(
            eq(passwordResetLocks.accountId, accountId),
            gt(passwordResetLocks.lockedUntil, sql`now()`),
          ),
        );
      return row?.seconds ?? 0;
    },

    async lock(tx: Transaction, accountId: number, seconds: number): Promise<void> {
      const until = sql`now() + make_interval(secs => ${seconds})`;
      await tx
        .insert(passwordResetLocks)
        .values({ accountId, lockedUntil: until })
        .onConflictDoUpdate({ target: passwordResetLocks.accountId, set: { lockedUntil: until } });
    },

    /** Sends in the last hour, and seconds since the latest (null when none). */
    async recentSends(
      tx: Transaction,
      accountId: number,
    ): Promise<{ lastHour: number; secondsSinceLast: number | null }> {
      const [hour] = await tx
        .select({ n: count() })
        .from(passwordResetSends)
        .where(
          and(
            eq(passwordResetSends.accountId, accountId),
            gt(passwordResetSends.sentAt, sql`now() - interval '1 hour'`),
          ),
        );
      const [last] = await tx
        .select({
          seconds: sql<number>`extract(epoch from now() - ${passwordResetSends.sentAt})::float8`,
        })
        .from(passwordResetSends)
        .where(eq(passwordResetSends.accountId, accountId))
        .orderBy(desc(passwordResetSends.sentAt))
        .limit(1);
      return {
        lastHour: Number(hour?.n ?? 0),
        secondsSinceLast: last ? Number(last.seconds) : null,
      };
    },

    async recordSend(tx: Transaction, accountId: number): Promise<void> {
      await tx.insert(passwordResetSends).values({ accountId });
    },

    async setPassword(tx: Transaction, accountId: number, passwordHash: string): Promise<void> {
      await tx
        .update(learningAccounts)
        .set({ passwordHash, passwordChangedAt: sql`now()` })
        .where(eq(learningAccounts.id, accountId));
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
