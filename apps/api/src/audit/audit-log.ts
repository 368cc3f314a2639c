import { createHmac, createSecretKey } from 'node:crypto';
import type { Db, Transaction } from '../db/database';
import { createAuditRepository, type AuditRow } from './audit-repository';

export type AuditEntry = {
  action: string;
  outcome: string;
  userType?: string | undefined;
  personId?: number | undefined;
  /** Who acted when it was not the person: `staff:<id>` for a console action. */
  actor?: string | undefined;
  ip?: string | undefined;
  /** What was looked up or asked for, in clear: stored only as a keyed hash. */
  target?: string | undefined;
  /** The keyed hash of the target when the caller already has it (see `hash`). */
  targetHash?: string | undefined;
  /** What a console action changed: personal data in it only as keyed hashes (`hash`). */
  changes?: { before: unknown; after: unknown } | undefined;
  /** The OpenID client a sign-in was for. */
  clientId?: string | undefined;
};

// Entries outside a business transaction (every lookup) are written in batches: one commit,
// and one wait for the disk, per batch instead of per lookup. A crash loses at most this much.
const FLUSH_EVERY_MS = 200;
const FLUSH_AT_ENTRIES = 500;
// Addresses repeat (a visitor's lookup, then the details, then the code): their hashes are kept
// for this many addresses, then forgotten all at once, so each is hashed once per visit.
const ADDRESS_HASHES_KEPT = 10_000;

/** The audit trail: who (by internal id), from where and for what (by keyed hash), never in clear. */
export function createAuditLog(
  db: Db,
  key: string,
  onError: (error: unknown) => void = () => undefined,
) {
  // A key object made once: handed a string, createHmac imports the key again on every call,
  // and every lookup hashes twice (address and target).
  const hmacKey = createSecretKey(Buffer.from(key));
  const hash = (value: string): string => createHmac('sha256', hmacKey).update(value).digest('hex');
  const hashOrNull = (value: string | undefined) => (value === undefined ? null : hash(value));
  const addressHashes = new Map<string, string>();
  const hashAddress = (ip: string | undefined): string | null => {
    if (ip === undefined) return null;
    let hashed = addressHashes.get(ip);
    if (hashed === undefined) {
      if (addressHashes.size >= ADDRESS_HASHES_KEPT) addressHashes.clear();
      hashed = hash(ip);
      addressHashes.set(ip, hashed);
    }
    return hashed;
  };
  const repository = createAuditRepository(db);
  const row = (entry: AuditEntry): AuditRow => ({
    action: entry.action,
    outcome: entry.outcome,
    userType: entry.userType ?? null,
    personId: entry.personId ?? null,
    actor: entry.actor ?? null,
    ipHash: hashAddress(entry.ip),
    targetHash: entry.targetHash ?? hashOrNull(entry.target),
    changes: entry.changes ?? null,
    clientId: entry.clientId ?? null,
    occurredAt: new Date(),
  });
  let pending: AuditRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return flushing;
    flushing = flushing
      .then(() => repository.insertBatch(batch))
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      );
    return flushing;
  }

  /** Queued and written within moments, so the answer does not wait for it. */
  function queue(entry: AuditEntry): void {
    pending.push(row(entry));
    if (pending.length >= FLUSH_AT_ENTRIES) void flush();
    else timer ??= setTimeout(() => void flush(), FLUSH_EVERY_MS);
  }

  return {
    /** In a transaction: written with it, all or nothing. Without one: queued (see `queue`). */
    async record(entry: AuditEntry, tx?: Transaction): Promise<void> {
      if (tx) {
        await createAuditRepository(tx).insert(row(entry));
        return;
      }
      queue(entry);
    },
    queue,
    /**
     * The entry's row as it is stored (addresses and targets as keyed hashes), for a statement
     * that writes it together with its own work.
     */
    prepare: row,
    /** Writes what is queued; graceful shutdown and tests wait for it. */
    flush,
    hash,
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
