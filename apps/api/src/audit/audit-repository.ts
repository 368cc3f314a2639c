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

// Entries outside a business transaction (every lookup) are written in batches: one commit,
// and one wait for the disk, per batch instead of per lookup. A crash loses at most this much.
const FLUSH_EVERY_MS = 200;
const FLUSH_AT_ENTRIES = 500;

/** The audit trail: who (by internal id), from where and for what (by keyed hash), never in clear. */
export function createAuditLog(
  db: Db,
  key: string,
  onError: (error: unknown) => void = () => undefined,
) {
  const hash = (value: string | undefined) =>
    value === undefined ? null : createHmac('sha256', key).update(value).digest('hex');
  const row = (entry: AuditEntry) => ({
    action: entry.action,
    outcome: entry.outcome,
    userType: entry.userType ?? null,
    personId: entry.personId ?? null,
    ipHash: hash(entry.ip),
    targetHash: hash(entry.target),
    occurredAt: new Date(),
  });
  let pending: ReturnType<typeof row>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return flushing;
    flushing = flushing
      .then(() => db.insert(auditEvents).values(batch))
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      );
    return flushing;
  }

  return {
    /**
     * In a transaction: written with it, all or nothing. Without one: queued and written within
     * moments, so the answer does not wait for it.
     */
    async record(entry: AuditEntry, tx?: Transaction): Promise<void> {
      if (tx) {
        await tx.insert(auditEvents).values(row(entry));
        return;
      }
      pending.push(row(entry));
      if (pending.length >= FLUSH_AT_ENTRIES) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_EVERY_MS);
    },
    /** Writes what is queued; graceful shutdown and tests wait for it. */
    flush,
    hash,
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
