import { createHmac } from 'node:crypto';
import type { Db } from '../db/database';
import { auditEvents } from '../db/schema';
import type { Transaction } from '../jobs/job-queue';

export type AuditEntry = {
  action: string;
  outcome: string;
  userType?: string | undefined;
  personId?: number | undefined;
  ip?: string | undefined;
  /** What was looked up or asked for, in clear: stored only as a keyed hash. */
  target?: string | undefined;
};

/** The audit trail: who (by internal id), from where and for what (by keyed hash), never in clear. */
export function createAuditLog(db: Db, key: string) {
  const hash = (value: string | undefined) =>
    value === undefined ? null : createHmac('sha256', key).update(value).digest('hex');
  return {
    async record(entry: AuditEntry, tx?: Transaction): Promise<void> {
      await (tx ?? db).insert(auditEvents).values({
        action: entry.action,
        outcome: entry.outcome,
        userType: entry.userType ?? null,
        personId: entry.personId ?? null,
        ipHash: hash(entry.ip),
        targetHash: hash(entry.target),
      });
    },
    hash,
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
