import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isDatabaseUnavailable } from '../logging/database-errors';
import { logBackgroundWarning } from '../logging/logger-options';
import * as schema from './schema';

// database.ts's `Db`, spelt out: database.ts builds a replica, so this file cannot import it.
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs one read on the replica when it is fit, on the primary otherwise. */
export type ReadOnReplica = <T>(run: (db: Db) => Promise<T>) => Promise<T>;

/** Why a read went to the primary although a replica is configured. */
export type ReplicaFallback = 'unreachable' | 'lagging';

export type ReadReplica = {
  read: ReadOnReplica;
  /** Where the next read goes and why, for the metrics. */
  state(): {
    configured: boolean;
    inUse: boolean;
    lagSeconds: number | undefined;
    /** Reads sent to the primary instead, by reason, since start. */
    fallbacks: Record<ReplicaFallback, number>;
  };
  close(): Promise<void>;
};

// A replica that failed is left alone this long before a read tries it again.
const RETRY_AFTER_MS = 5_000;
// How old a lag reading may be before the next read asks again (in the background).
const LAG_READ_EVERY_MS = 2_000;

export type ReplicaOptions = {
  primary: Db;
  replica: Db;
  /** The replica's lag behind the primary, in seconds. */
  readLag(): Promise<number>;
  maxLagSeconds: number;
  /** Told once per read sent to the primary instead (a counter). */
  onFallback?: (reason: ReplicaFallback) => void;
  close?: () => Promise<void>;
  now?: () => number;
};

/**
 * Heavy reads (statistics, console lists) on a streaming replica, with the primary as the
 * fallback: a replica that does not answer, or lags past the bound, is skipped, so a read is
 * never refused for the replica's sake. Only single statements: a transaction belongs on the
 * primary, with whatever it writes.
 */
export function createReadReplica(options: ReplicaOptions): ReadReplica {
  const now = options.now ?? Date.now;
  let downUntil = 0;
  let lagSeconds: number | undefined;
  let lagReadAt = 0;
  let lagReading: Promise<void> | undefined;
  let lastWarning: ReplicaFallback | undefined;
  const fallbacks: Record<ReplicaFallback, number> = { unreachable: 0, lagging: 0 };
  const fallBack = (reason: ReplicaFallback) => {
    fallbacks[reason] += 1;
    options.onFallback?.(reason);
  };

  const warnOnce = (reason: ReplicaFallback | undefined, fields: Record<string, unknown> = {}) => {
    if (reason === lastWarning) return;
    lastWarning = reason;
    if (reason) logBackgroundWarning('replica reads moved to the primary', { reason, ...fields });
    else logBackgroundWarning('replica reads back on the replica', {});
  };

  const refreshLag = () => {
    if (lagReading || now() - lagReadAt < LAG_READ_EVERY_MS) return;
    lagReading = options
      .readLag()
      .then((seconds) => {
        lagSeconds = seconds;
      })
      .catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) downUntil = now() + RETRY_AFTER_MS;
      })
      .finally(() => {
        lagReadAt = now();
        lagReading = undefined;
      });
  };

  const fallbackReason = (): ReplicaFallback | undefined => {
    if (now() < downUntil) return 'unreachable';
    if (lagSeconds !== undefined && lagSeconds > options.maxLagSeconds) return 'lagging';
    return undefined;
  };

  return {
    async read(run) {
      refreshLag();
      const skip = fallbackReason();
      if (skip) {
        warnOnce(skip, { lagSeconds, maxLagSeconds: options.maxLagSeconds });
        fallBack(skip);
        return run(options.primary);
      }
      try {
        const result = await run(options.replica);
        warnOnce(undefined);
        return result;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        downUntil = now() + RETRY_AFTER_MS;
        warnOnce('unreachable');
        fallBack('unreachable');
        return run(options.primary);
      }
    },
    state: () => ({
      configured: true,
      inUse: fallbackReason() === undefined,
      lagSeconds,
      fallbacks: { ...fallbacks },
    }),
    close: async () => {
      await lagReading;
      await options.close?.();
    },
  };
}

/** No replica: every read on the primary. */
export function primaryOnly(primary: Db): ReadReplica {
  return {
    read: (run) => run(primary),
    state: () => ({
      configured: false,
      inUse: false,
      lagSeconds: undefined,
      fallbacks: { unreachable: 0, lagging: 0 },
    }),
    close: async () => undefined,
  };
}

// Caught up when everything received is replayed; otherwise the age of the last replayed
// transaction. On a server that is not a standby (a copy used as one in tests): 0.
const LAG_QUERY = `
  SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
    ELSE COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0)
  END::float8 AS lag`;

/** Connects to a replica by URL: a pool of its own, never migrated (a standby is read-only). */
export function openReplica(
  url: string,
  poolSize: number,
): { db: Db; readLag(): Promise<number>; close(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A replica that does not answer is skipped quickly: the primary is there.
    connectionTimeoutMillis: 2_000,
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    async readLag() {
      const { rows } = await pool.query<{ lag: number }>(LAG_QUERY);
      return Number(rows[0]?.lag ?? 0);
    },
    close: () => pool.end(),
  };
}
