import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  codeLocks,
  codeSends,
  codeWrongEntries,
  oneTimeCodes,
  outboxMessages,
  people,
} from '../db/schema';
import type { Db, Transaction } from '../db/database';

export type StoredCode = typeof oneTimeCodes.$inferSelect;

// The lock that covers every code flow of a person.
export const ALL_FLOWS = '*';
// Wrong passwords share the tables, with their own count and lock (decision 0232): a forgotten
// password must not lock the reset that recovers it.
export const SIGN_IN_FLOW = 'sign-in';

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * SQL of the one-time codes and their counters, made on the caller's transaction: the counters
 * are read and changed while it holds the person's row.
 */
export function createOneTimeCodesRepository(db: Db | Transaction) {
  return {
    /** Holds the person's row for the rest of the transaction: their counters change one at a time. */
    async holdPerson(personId: number): Promise<void> {
      await db.select({ id: people.id }).from(people).where(eq(people.id, personId)).for('update');
    },

    /** Seconds until the latest lock of these flows ends; 0 when none holds. */
    async lockedSeconds(personId: number, flows: string[]): Promise<number> {
      const [row] = await db
        .select({
          seconds: sql<number>`ceil(extract(epoch from max(${codeLocks.lockedUntil}) - now()))::int`,
        })
        .from(codeLocks)
        .where(
          and(
            eq(codeLocks.personId, personId),
            inArray(codeLocks.flow, flows),
            gt(codeLocks.lockedUntil, sql`now()`),
          ),
        );
      return Number(row?.seconds ?? 0);
    },

    async lock(personId: number, flow: string, seconds: number): Promise<void> {
      await db
        .insert(codeLocks)
        .values({ personId, flow, lockedUntil: secondsFromNow(seconds) })
        .onConflictDoUpdate({
          target: [codeLocks.personId, codeLocks.flow],
          set: { lockedUntil: secondsFromNow(seconds) },
        });
    },

    /** Sends of the flow in the last hour, and seconds since the latest (null when none). */
    async recentSends(
      personId: number,
      flow: string,
    ): Promise<{ lastHour: number; secondsSinceLast: number | null }> {
      const mine = and(eq(codeSends.personId, personId), eq(codeSends.flow, flow));
      const [hour] = await db
        .select({ n: count() })
        .from(codeSends)
        .where(and(mine, gt(codeSends.sentAt, sql`now() - interval '1 hour'`)));
      const [last] = await db
        .select({ seconds: sql<number>`extract(epoch from now() - ${codeSends.sentAt})::float8` })
        .from(codeSends)
        .where(mine)
        .orderBy(desc(codeSends.sentAt))
        .limit(1);
      return {
        lastHour: Number(hour?.n ?? 0),
        secondsSinceLast: last ? Number(last.seconds) : null,
      };
    },

    async recordSend(personId: number, flow: string): Promise<void> {
      await db.insert(codeSends).values({ personId, flow });
    },

    /** Messages of any flow queued for this inbox or phone in the last hour. */
    async messagesToRecipientLastHour(recipient: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, recipient),
            gt(outboxMessages.createdAt, sql`now() - interval '1 hour'`),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Stores a new code for the binding; an earlier code of it is replaced, its wrong entries kept. */
    async putCode(code: {
      personId: number;
      flow: string;
      binding: string;
      codeHash: string;
      seconds: number;
    }): Promise<StoredCode> {
      const [row] = await db
        .insert(oneTimeCodes)
        .values({
          personId: code.personId,
          flow: code.flow,
          binding: code.binding,
          codeHash: code.codeHash,
          expiresAt: secondsFromNow(code.seconds),
        })
        .onConflictDoUpdate({
          target: oneTimeCodes.binding,
          set: { codeHash: code.codeHash, expiresAt: secondsFromNow(code.seconds) },
        })
        .returning();
      if (!row) throw new Error('one-time code insert returned nothing');
      return row;
    },

    async codeByBinding(binding: string): Promise<StoredCode | undefined> {
      const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.binding, binding));
      return row;
    },

    async updateCodes(
      ids: number[],
      values: { codeHash?: null; failedAttempts?: number },
    ): Promise<void> {
      if (ids.length > 0)
        await db.update(oneTimeCodes).set(values).where(inArray(oneTimeCodes.id, ids));
    },

    /**
     * Records one wrong entry; answers the person's wrong entries within the window: the sign-in's
     * wrong passwords, or the code flows' wrong codes together.
     */
    async recordWrongEntry(personId: number, flow: string, windowMinutes: number): Promise<number> {
      await db.insert(codeWrongEntries).values({ personId, flow });
      const [row] = await db
        .select({ n: count() })
        .from(codeWrongEntries)
        .where(
          and(
            eq(codeWrongEntries.personId, personId),
            flow === SIGN_IN_FLOW
              ? eq(codeWrongEntries.flow, SIGN_IN_FLOW)
              : ne(codeWrongEntries.flow, SIGN_IN_FLOW),
            gt(codeWrongEntries.enteredAt, sql`now() - make_interval(mins => ${windowMinutes})`),
          ),
        );
      return Number(row?.n ?? 0);
    },
  };
}
export type OneTimeCodesRepository = ReturnType<typeof createOneTimeCodesRepository>;
