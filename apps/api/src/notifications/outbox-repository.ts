import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { rowCountOf, rowsOf } from '../db/rows-of';
import { outboxMessages } from '../db/schema';

export type NewMessage = typeof outboxMessages.$inferInsert;
export type OutboxMessage = typeof outboxMessages.$inferSelect;

const CODE_TEMPLATES = new Set([
  'email-change-code',
  'email-change-current-code',
  'email-change-current-code-sms',
  'reset-code',
  'reset-code-sms',
]);

/**
 * Whether a message carries a one-time code (in its subject as well as its text): by its
 * template, or by the end a code gives it, so a new code template is caught before it is listed.
 */
export const carriesCode = (message: Pick<OutboxMessage, 'template' | 'expiresAt'>): boolean =>
  CODE_TEMPLATES.has(message.template) || message.expiresAt !== null;

/**
 * How long one delivery attempt may hold a message: longer than an SMTP or gateway call can take
 * (their timeouts add up to less), short enough that a crashed worker's message is retried within
 * a minute (the delivery queue's expiry matches it; outbox-service.ts).
 */
export const CLAIM_SECONDS = 30;

/** SQL only: the outbox's messages, on the database or inside a sender's transaction. */
export function createOutboxRepository(db: Db | Transaction) {
  return {
    async insert(message: NewMessage): Promise<number> {
      const [row] = await db
        .insert(outboxMessages)
        .values(message)
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error('outbox insert returned nothing');
      return row.id;
    },
    /**
     * Takes the message for one delivery attempt, unless delivered, held by another worker, or
     * carrying a code that would end before the attempt does.
     */
    async claim(id: number): Promise<OutboxMessage | undefined> {
      const [row] = await db
        .update(outboxMessages)
        .set({
          attempts: sql`${outboxMessages.attempts} + 1`,
          claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
        })
        .where(
          and(
            eq(outboxMessages.id, id),
            isNull(outboxMessages.deliveredAt),
            or(isNull(outboxMessages.claimedUntil), lt(outboxMessages.claimedUntil, sql`now()`)),
            or(
              isNull(outboxMessages.expiresAt),
              gt(outboxMessages.expiresAt, sql`now() + make_interval(secs => ${CLAIM_SECONDS})`),
            ),
          ),
        )
        .returning();
      return row;
    },
    /** A code that ended undelivered is never sent: its text goes, the row says why. */
    async dropIfExpired(id: number): Promise<OutboxMessage['channel'] | undefined> {
      const rows = await db
        .update(outboxMessages)
        .set({
          bodyText: '(kode kedaluwarsa sebelum terkirim; tidak dikirim)',
          bodyHtml: null,
          subject: '(berisi kode sekali pakai)',
          lastError: 'code expired before delivery',
          claimedUntil: null,
        })
        .where(
          and(
            eq(outboxMessages.id, id),
            isNull(outboxMessages.deliveredAt),
            lt(outboxMessages.expiresAt, sql`now() + make_interval(secs => ${CLAIM_SECONDS})`),
          ),
        )
        .returning({ channel: outboxMessages.channel });
      return rows[0]?.channel;
    },
    /** Messages still trying after several failed attempts: what /readyz reports. */
    async failingCount(minAttempts: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(
          and(
            isNull(outboxMessages.deliveredAt),
            gte(outboxMessages.attempts, minAttempts),
            sql`${outboxMessages.lastError} IS NOT NULL`,
            or(isNull(outboxMessages.expiresAt), gt(outboxMessages.expiresAt, sql`now()`)),
          ),
        );
      return row?.count ?? 0;
    },
    /**
     * Messages still to deliver, those carrying a code (they have an end) apart from notices:
     * how many, and how long the oldest has waited. Ended codes are never sent, so not counted.
     */
    async undeliveredSummary() {
      const carriesCode = sql<boolean>`${outboxMessages.expiresAt} IS NOT NULL`;
      return db
        .select({
          code: carriesCode,
          count: sql<number>`count(*)::int`,
          oldestSeconds: sql<number>`extract(epoch FROM now() - min(${outboxMessages.createdAt}))::float8`,
        })
        .from(outboxMessages)
        .where(
          and(
            isNull(outboxMessages.deliveredAt),
            or(isNull(outboxMessages.expiresAt), gt(outboxMessages.expiresAt, sql`now()`)),
          ),
        )
        .groupBy(carriesCode);
    },
    async markDelivered(id: number, via: string, template: string): Promise<void> {
      // A one-time code is kept only until it is on its way: the delivered copy loses its text.
      // The dev mailbox keeps it, since there the page is the only way to read it.
      const forget = via !== 'dev-mailbox' && CODE_TEMPLATES.has(template);
      await db
        .update(outboxMessages)
        .set({
          deliveredAt: sql`now()`,
          deliveredVia: via,
          claimedUntil: null,
          lastError: null,
          ...(forget
            ? { bodyText: '(isi dihapus setelah terkirim)', subject: '(berisi kode sekali pakai)' }
            : {}),
        })
        .where(eq(outboxMessages.id, id));
    },
    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ lastError: error.slice(0, 500), claimedUntil: null })
        .where(eq(outboxMessages.id, id));
    },
    /** Undelivered messages older than the given age: what the sweeper hands back to the queue. */
    async undeliveredOlderThan(seconds: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(
            isNull(outboxMessages.deliveredAt),
            lt(outboxMessages.createdAt, sql`now() - make_interval(secs => ${seconds})`),
            or(isNull(outboxMessages.expiresAt), gt(outboxMessages.expiresAt, sql`now()`)),
          ),
        )
        .orderBy(outboxMessages.createdAt)
        .limit(limit);
      return rows.map((row) => row.id);
    },
    /**
     * One undelivered message of the channel whose delivery job waits out a retry delay: the
     * message to try when its transport may be back.
     */
    async oldestWaitingRetry(
      queue: string,
      channel: OutboxMessage['channel'],
    ): Promise<number | undefined> {
      const [row] = await rowsOf<{ id: number }>(
        db,
        sql`SELECT m.id FROM pgboss.job j
            JOIN outbox_messages m ON m.id = (j.data->>'id')::bigint
            WHERE j.name = ${queue} AND j.state = 'retry' AND j.start_after > now()
              AND m.channel = ${channel} AND m.delivered_at IS NULL
            ORDER BY m.id LIMIT 1`,
      );
      return row ? Number(row.id) : undefined;
    },
    /**
     * Brings forward every delivery of the channel waiting out a retry delay: its transport
     * answers again, and a backoff grown during the outage must not hold the messages minutes
     * longer (pg-boss has no call for it; its job table is read the same way by the metrics).
     * A job whose message went out meanwhile (the one tried first) runs at once and finds
     * nothing to do, rather than lingering for its delay.
     */
    async wakeWaitingRetries(queue: string, channel: OutboxMessage['channel']): Promise<number> {
      return rowCountOf(
        db,
        sql`UPDATE pgboss.job j SET start_after = now()
            FROM outbox_messages m
            WHERE j.name = ${queue} AND j.state = 'retry' AND j.start_after > now()
              AND m.id = (j.data->>'id')::bigint AND m.channel = ${channel}`,
      );
    },
    /** The latest mail and SMS (the dev mailbox): platforms' logout tokens are not mail. */
    async latest(limit: number): Promise<OutboxMessage[]> {
      return db
        .select()
        .from(outboxMessages)
        .where(inArray(outboxMessages.channel, ['email', 'sms']))
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
    },
    async byId(id: number): Promise<OutboxMessage | undefined> {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row;
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
