import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { emailChangeRequests, learningAccounts, people } from '../db/schema';

/** SQL of the change of personal e-mail: its requests, and the address once confirmed. */
export function createEmailChangeRepository(db: Db | Transaction) {
  return {
    /** The person behind an active learning account, with the contacts on file. */
    async personOfAccount(accountId: number) {
      const [row] = await db
        .select({
          id: people.id,
          personalEmail: people.personalEmail,
          phone: people.phone,
          userType: learningAccounts.kind,
        })
        .from(learningAccounts)
        .innerJoin(people, eq(people.id, learningAccounts.personId))
        .where(and(eq(learningAccounts.id, accountId), eq(learningAccounts.status, 'active')));
      return row;
    },

    /** The newest open request of the person, held for the transaction. */
    async openRequest(personId: number) {
      const [row] = await db
        .select()
        .from(emailChangeRequests)
        .where(
          and(eq(emailChangeRequests.personId, personId), isNull(emailChangeRequests.closedAt)),
        )
        .orderBy(sql`${emailChangeRequests.id} DESC`)
        .limit(1)
        .for('update');
      return row;
    },

    async closeOpenRequests(personId: number, reason: string): Promise<void> {
      await db
        .update(emailChangeRequests)
        .set({ closedAt: sql`now()`, closedReason: reason })
        .where(
          and(eq(emailChangeRequests.personId, personId), isNull(emailChangeRequests.closedAt)),
        );
    },

    async createRequest(change: {
      personId: number;
      newEmail: string;
      validSeconds: number;
    }): Promise<number> {
      const [row] = await db
        .insert(emailChangeRequests)
        .values({
          personId: change.personId,
          newEmail: change.newEmail,
          expiresAt: sql`now() + make_interval(secs => ${change.validSeconds})`,
        })
        .returning({ id: emailChangeRequests.id });
      if (!row) throw new Error('e-mail change insert returned nothing');
      return row.id;
    },

    async closeRequest(id: number, reason: string): Promise<void> {
      await db
        .update(emailChangeRequests)
        .set({ closedAt: sql`now()`, closedReason: reason })
        .where(eq(emailChangeRequests.id, id));
    },

    async updatePersonalEmail(personId: number, email: string): Promise<void> {
      await db
        .update(people)
        .set({ personalEmail: email, updatedAt: sql`now()` })
        .where(eq(people.id, personId));
    },
  };
}
export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
