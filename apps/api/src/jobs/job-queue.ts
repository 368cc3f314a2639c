import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
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
import { currentRequestId, isRequestId, runForRequest } from '../logging/request-id';
import { portalTracer } from '../tracing/portal-tracer';
import { contextOfTraceparent, currentTraceparent } from '../tracing/trace-context';

export type JobQueue = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Creates the queue if needed; a queue's retry policy is set here once. */
  createQueue(name: string, options: QueuePolicy): Promise<void>;
  /**
   * Enqueues in the caller's transaction: the job exists if and only if the change commits. The
   * job carries the running request's id and trace (`JOB_ORIGIN_KEY`), and `work` runs it under them.
   */
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
 * The key under which a job's data carries the request that queued it (decision 0280): its id
 * and W3C `traceparent`, never anything about the caller. Handlers never see it.
 */
export const JOB_ORIGIN_KEY = '_origin';

type JobOrigin = { requestId?: string; traceparent?: string };

/** What of the running request (or job) a job sent now carries; undefined outside any. */
function currentOrigin(): JobOrigin | undefined {
  const requestId = currentRequestId();
  const traceparent = currentTraceparent();
  if (requestId === undefined && traceparent === undefined) return undefined;
  return {
    ...(requestId === undefined ? {} : { requestId }),
    ...(traceparent === undefined ? {} : { traceparent }),
  };
}

const withOrigin = (data: object, origin: JobOrigin | undefined): object =>
  origin ? { ...data, [JOB_ORIGIN_KEY]: origin } : data;

/**
 * Runs one job as the request that queued it would: its log lines carry that request's id, and
 * its span continues that request's trace. A job queued before this existed, or by a schedule,
 * carries nothing and runs on its own.
 */
async function runJob(
  name: string,
  job: Job<unknown>,
  handler: (job: Job<never>) => Promise<void>,
): Promise<void> {
  let origin: Record<string, unknown> = {};
  let carried = job;
  const data = job.data;
  if (typeof data === 'object' && data !== null && JOB_ORIGIN_KEY in data) {
    const { [JOB_ORIGIN_KEY]: value, ...rest } = data as Record<string, unknown>;
    if (typeof value === 'object' && value !== null) origin = value as Record<string, unknown>;
    carried = { ...job, data: rest };
  }
  const requestId = isRequestId(origin['requestId']) ? origin['requestId'] : undefined;
  return runForRequest(requestId, () =>
    portalTracer().startActiveSpan(
      `process ${name}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'pg-boss',
          'messaging.operation.type': 'process',
          'messaging.destination.name': name,
          'messaging.message.id': job.id,
          ...(requestId === undefined ? {} : { 'portal.request_id': requestId }),
        },
      },
      contextOfTraceparent(origin['traceparent']),
      async (span) => {
        try {
          await handler(carried as Job<never>);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    ),
  );
}

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
      return boss.send(name, withOrigin(data, currentOrigin()), {
        ...sendOptions,
        ...(tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {}),
      });
    },
    async sendMany(name, data, { tx }) {
      if (data.length === 0) return;
      const origin = currentOrigin();
      await boss.insert(
        name,
        data.map((item) => ({ data: withOrigin(item, origin) })),
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
                await runJob(name, job, handler as (job: Job<never>) => Promise<void>);
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
