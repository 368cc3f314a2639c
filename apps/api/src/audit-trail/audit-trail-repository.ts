import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { auditEvents, learningAccounts, staffAccounts } from '../db/schema';

export type AuditFilter = {
  /** `staff:<id>` of the member whose actions are read. */
  actor?: string | undefined;
  action?: string | undefined;
  /** Jakarta days, both included. */
  from?: string | undefined;
  to?: string | undefined;
};

const columns = {
  id: auditEvents.id,
  occurredAt: auditEvents.occurredAt,
  actor: auditEvents.actor,
  actorEmail: staffAccounts.email,
  accountEmail: learningAccounts.email,
  action: auditEvents.action,
  outcome: auditEvents.outcome,
  changes: auditEvents.changes,
};

/** The audit trail of what staff and commands did, as the console's audit section reads it. */
export function createAuditTrailRepository(db: Db) {
  const where = (filter: AuditFilter): SQL | undefined =>
    and(
      // Staff and commands act; the public's own requests are read by their person, not here.
      isNotNull(auditEvents.actor),
      filter.actor ? eq(auditEvents.actor, filter.actor) : undefined,
      filter.action ? eq(auditEvents.action, filter.action) : undefined,
      filter.from
        ? gte(
            auditEvents.occurredAt,
            sql`(${filter.from}::date)::timestamp AT TIME ZONE 'Asia/Jakarta'`,
          )
        : undefined,
      filter.to
        ? lt(
            auditEvents.occurredAt,
            sql`((${filter.to}::date + 1)::timestamp) AT TIME ZONE 'Asia/Jakarta'`,
          )
        : undefined,
    );
  const rows = (filter: AuditFilter) =>
    db
      .select(columns)
      .from(auditEvents)
      .leftJoin(staffAccounts, sql`${auditEvents.actor} = 'staff:' || ${staffAccounts.id}`)
      // An account holder acting on their own sign-in methods is recorded by account id; the
      // join goes by the accounts' key, so a page reads one index entry a row.
      .leftJoin(
        learningAccounts,
        sql`${learningAccounts.id} = CASE WHEN ${auditEvents.actor} ~ '^[0-9]{1,18}$' THEN ${auditEvents.actor}::bigint END`,
      )
      .where(where(filter))
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id));

  return {
    async page(filter: AuditFilter, page: number, pageSize: number) {
      const [items, [count]] = await Promise.all([
        rows(filter)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(where(filter)),
      ]);
      return { items, total: count?.total ?? 0 };
    },

    /** The newest entries of the filter, at most `limit`. */
    newest: (filter: AuditFilter, limit: number) => rows(filter).limit(limit),

    async staffIdByEmail(email: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(eq(staffAccounts.email, email));
      return row?.id;
    },
  };
}
export type AuditTrailRepository = ReturnType<typeof createAuditTrailRepository>;
