import { sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { auditEvents } from '../db/schema';

/** An audit row as it is stored, every column given: addresses and targets as keyed hashes. */
export type AuditRow = Required<typeof auditEvents.$inferInsert>;

/** SQL of the audit trail's writes (the console reads it through `audit-trail/`). */
export function createAuditRepository(db: Db | Transaction) {
  return {
    async insert(row: AuditRow): Promise<void> {
      await db.insert(auditEvents).values(row);
    },

    // A batch goes in as one JSON parameter: building a multi-row INSERT through the query
    // builder (a bound value per column per row) cost more CPU than the lookups it recorded.
    async insertBatch(rows: AuditRow[]): Promise<void> {
      const records = rows.map((row) => ({
        occurred_at: row.occurredAt.toISOString(),
        action: row.action,
        outcome: row.outcome,
        user_type: row.userType,
        person_id: row.personId,
        actor: row.actor,
        ip_hash: row.ipHash,
        target_hash: row.targetHash,
        changes: row.changes,
        client_id: row.clientId,
      }));
      await db.execute(sql`INSERT INTO ${auditEvents} (occurred_at, action, outcome, user_type,
          person_id, actor, ip_hash, target_hash, changes, client_id)
        SELECT occurred_at, action, outcome, user_type, person_id, actor, ip_hash, target_hash,
          changes, client_id
        FROM json_to_recordset(${JSON.stringify(records)}::json) AS r(occurred_at timestamptz,
          action text, outcome text, user_type text, person_id bigint, actor text, ip_hash text,
          target_hash text, changes jsonb, client_id text)`);
    },
  };
}
