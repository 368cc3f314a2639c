import { sql } from 'drizzle-orm';
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type DrizzleTransactionLike,
  type Job,
  type SendOptions,
} from 'pg-boss';
import type { Database, Transaction } from '../db/database';
import { logBackgroundError } from '../logging/logger-options';

export type JobQueue = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Creates the queue if needed; a queue's retry policy is set here once. */
  createQueue(name: string, options: QueuePolicy): Promise<void>;
  /** Enqueues in the caller's transaction: the job exists if and only if the change commits. */
  send(
    name: string,
    data: object,
    options?: SendOptions & { tx?: Transaction },
  ): Promise<string | null>;
  /** Enqueues many jobs in one statement, in the caller's transaction like `send`. */
  sendMany(name: string, data: readonly object[], options: { tx: Transaction }): Promise<void>;
  work<T>(
    name: string,
    handler: (job: Job<T>) => Promise<void>,
    /** `batchSize` jobs are fetched at once and handled side by side, `concurrency` batches at a time. */
    options?: { concurrency?: number; batchSize?: number },
  ): Promise<void>;
  boss: PgBoss;
};

export type QueuePolicy = {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax?: number;
  expireInSeconds?: number;
  /**
   * A running job's worker touches it this often (pg-boss does, at half the interval); a job
   * left untouched this long, its worker dead, is retried without waiting for its expiry.
   */
  heartbeatSeconds?: number;
  /** How long a job may wait before pg-boss gives up on it. */
  retentionSeconds?: number;
};

// How often expired jobs (their worker died) are found and retried; pg-boss's default is 60 s.
const SUPERVISION = { superviseIntervalSeconds: 10 };

/**
 * pg-boss on the same database as everything else: PostgreSQL through its own small pool, or
 * the embedded PGlite through its single connection. Every job outlives a restart.
 */
export function createJobQueue(
  database: Database,
  options: { pollingIntervalSeconds?: number } = {},
): JobQueue {
  const connection = database.jobQueueConnection;
  const boss =
    'pglite' in connection
      ? new PgBoss({ db: fromPglite(connection.pglite), schema: 'pgboss', ...SUPERVISION })
      : new PgBoss({
          connectionString: connection.connectionString,
          schema: 'pgboss',
          max: 4,
          ...SUPERVISION,
        });
  // pg-boss retries its own maintenance and replaces its lost connections: a line is enough.
  boss.on('error', (error: Error) => logBackgroundError('job queue error', error));
  let started = false;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  return {
    boss,
    async start() {
      await boss.start();
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
    async createQueue(name, policy) {
      await boss.createQueue(name, policy);
      await boss.updateQueue(name, policy);
    },
    async send(name, data, { tx, ...sendOptions } = {}) {
      return boss.send(name, data, {
        ...sendOptions,
        ...(tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {}),
      });
    },
    async sendMany(name, data, { tx }) {
      if (data.length === 0) return;
      await boss.insert(
        name,
        data.map((item) => ({ data: item })),
        { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) },
      );
    },
    async work(name, handler, { concurrency = 1, batchSize = 1 } = {}) {
      await boss.work(
        name,
        {
          batchSize,
          pollingIntervalSeconds,
          localConcurrency: concurrency,
          // Each job of a batch settles on its own, and a full batch fetches the next at once.
          perJobResults: true,
          burstWhenBatchFull: true,
        },
        async (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job as Job<never>);
                return { id: job.id, status: 'completed' as const };
              } catch (error) {
                // Kept in the job table: the error's kind only, its message may quote an address.
                const { name: type, code } = error as Error & { code?: unknown };
                return { id: job.id, status: 'failed' as const, output: { type, code } };
              }
            }),
          ),
      );
    },
  };
}
