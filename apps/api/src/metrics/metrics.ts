import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { RateLimitStore } from '../counters/rate-limit-store';
import type { Database } from '../db/database';
import { createOutboxRepository } from '../notifications/outbox-repository';
import { FAILING_AFTER_ATTEMPTS } from '../notifications/outbox-service';
import { createMetricsRepository } from './metrics-repository';

// Every label value comes from a closed set in code (a route pattern, a method, a status code,
// an outcome, a queue name): never from a URL, a body or a person (DESIGN.md: operations).

/**
 * `read` once for the gauges of one scrape: a registry starts collecting every metric at once,
 * so the gauges of a source ask while the first read is in flight and share it.
 */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () =>
    (inFlight ??= read().finally(() => {
      inFlight = undefined;
    }));
}

/** A request that matched no route: every unknown URL is this one label value. */
export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type SignInAccount = 'learning' | 'staff';
export type SignInOutcome = 'signed-in' | 'wrong' | 'locked' | 'unknown-account' | 'no-password';
export type DeliveryResult = 'delivered' | 'failed' | 'expired';

/**
 * The portal's Prometheus metrics, one registry per app: what the request hook, the sign-in
 * and the outbox count as they go, and what is read at each scrape (outbox, job queues,
 * database pool and replicas, the counters' Redis fallback, Node's own event loop and heap).
 */
export function createMetrics({
  database,
  rateLimit,
}: {
  database: Database;
  rateLimit: RateLimitStore;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const outbox = createOutboxRepository(database.db);
  const repository = createMetricsRepository(database.db);
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const signIns = new Counter({
    name: 'portal_sign_in_attempts_total',
    help: 'Password and second-factor attempts, by kind of account and outcome.',
    labelNames: ['account', 'outcome'] as const,
    registers,
  });
  const locks = new Counter({
    name: 'portal_sign_in_locks_total',
    help: 'Accounts locked after too many wrong passwords or codes.',
    labelNames: ['account'] as const,
    registers,
  });
  const deliveries = new Counter({
    name: 'portal_outbox_deliveries_total',
    help: 'Delivery attempts of the outbox, by channel, kind (a one-time code or a notice) and result.',
    labelNames: ['channel', 'kind', 'result'] as const,
    registers,
  });

  // Read at each scrape: one query per source, shared by its gauges (a registry collects its
  // metrics side by side). A source that fails (the database away) leaves its series out
  // rather than repeating a stale figure, and its `_scrape_ok` says 0; the scrape still answers.
  const readOutbox = perScrape(async () => {
    const [summary, failingCount] = await Promise.all([
      outbox.undeliveredSummary(),
      outbox.failingCount(FAILING_AFTER_ATTEMPTS),
    ]);
    const kinds = (['code', 'notice'] as const).map((kind) => {
      const row = summary.find((entry) => entry.code === (kind === 'code'));
      return { kind, count: row?.count ?? 0, oldest: Math.max(0, row?.oldestSeconds ?? 0) };
    });
    return { kinds, failing: failingCount };
  });
  const readDatabase = perScrape(async () => {
    const [queues, replicas] = await Promise.all([
      repository.jobQueues(),
      database.kind === 'postgres' ? repository.replicaLag() : Promise.resolve([]),
    ]);
    return { queues, replicas };
  });
  /** A gauge whose values come from one source's reading at each scrape. */
  const gaugeOf = <T, L extends string = never>(
    read: () => Promise<T>,
    config: { name: string; help: string; labelNames?: readonly L[] },
    fill: (gauge: Gauge<L>, reading: T) => void,
  ) =>
    new Gauge<L>({
      ...config,
      labelNames: config.labelNames ?? [],
      registers,
      async collect() {
        this.reset();
        const reading = await read().catch(() => undefined);
        if (reading !== undefined) fill(this, reading);
      },
    });
  gaugeOf(
    readOutbox,
    {
      name: 'portal_outbox_undelivered',
      help: 'Messages still to deliver, by kind (code or notice).',
      labelNames: ['kind'],
    },
    (gauge, { kinds }) => kinds.forEach(({ kind, count }) => gauge.set({ kind }, count)),
  );
  gaugeOf(
    readOutbox,
    {
      name: 'portal_outbox_oldest_undelivered_seconds',
      help: 'How long the oldest message still to deliver has waited, by kind (code or notice).',
      labelNames: ['kind'],
    },
    (gauge, { kinds }) => kinds.forEach(({ kind, oldest }) => gauge.set({ kind }, oldest)),
  );
  gaugeOf(
    readOutbox,
    {
      name: 'portal_outbox_failing',
      help: 'Messages still undelivered after several failed attempts (as /readyz reports).',
    },
    (gauge, { failing }) => gauge.set(failing),
  );
  gaugeOf(
    readDatabase,
    {
      name: 'portal_job_queue_ready',
      help: 'Jobs ready to run now, by queue.',
      labelNames: ['queue'],
    },
    (gauge, { queues }) => queues.forEach((row) => gauge.set({ queue: row.name }, row.ready)),
  );
  gaugeOf(
    readDatabase,
    { name: 'portal_job_queue_active', help: 'Jobs running now, by queue.', labelNames: ['queue'] },
    (gauge, { queues }) => queues.forEach((row) => gauge.set({ queue: row.name }, row.active)),
  );
  gaugeOf(
    readDatabase,
    {
      name: 'portal_job_queue_oldest_ready_seconds',
      help: 'How long the oldest ready job has waited to run, by queue (0 when none waits).',
      labelNames: ['queue'],
    },
    (gauge, { queues }) =>
      queues.forEach((row) => gauge.set({ queue: row.name }, Math.max(0, row.oldest_seconds ?? 0))),
  );
  gaugeOf(
    readDatabase,
    {
      name: 'portal_db_replica_lag_seconds',
      help: 'How far each streaming replica is behind the primary (replay lag).',
      labelNames: ['replica'],
    },
    (gauge, { replicas }) =>
      replicas.forEach((row) => gauge.set({ replica: row.replica }, row.lag_seconds ?? 0)),
  );
  for (const [source, read] of [
    ['outbox', readOutbox],
    ['db', readDatabase],
  ] as const) {
    new Gauge({
      name: `portal_${source}_scrape_ok`,
      help: `1 when the ${source === 'db' ? 'job queues and replicas' : 'outbox figures'} could be read at this scrape, 0 when not.`,
      registers,
      async collect() {
        this.set(
          await (read as () => Promise<unknown>)().then(
            () => 1,
            () => 0,
          ),
        );
      },
    });
  }

  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state (total, idle, waiting: callers queued for one), and its max.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = database.poolUse();
      if (!use) return;
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'portal_counters_fallback_in_use',
    help: '1 while rate-limit counters are kept in this process for want of Redis.',
    registers,
    collect() {
      this.set(rateLimit.fallback().inUse ? 1 : 0);
    },
  });
  new Gauge({
    name: 'portal_counters_fallback_calls',
    help: 'Counter calls answered from this process memory since start because Redis did not.',
    registers,
    collect() {
      this.set(rateLimit.fallback().calls);
    },
  });

  return {
    registry,
    /** The Prometheus text of every metric now. */
    text: () => registry.metrics(),
    contentType: registry.contentType,
    /** Counts each answer by its route pattern, never its URL (the one hook on the hot path). */
    observeRequests(app: FastifyInstance): void {
      app.addHook('onResponse', (request, reply, done) => {
        const method = METHODS.has(request.method) ? request.method : 'OTHER';
        const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
        requestDuration
          .labels(method, route, String(reply.statusCode))
          .observe(reply.elapsedTime / 1000);
        done();
      });
    },
    signInAttempt(account: SignInAccount, outcome: SignInOutcome, lockedNow = false): void {
      signIns.labels(account, outcome).inc();
      if (lockedNow) locks.labels(account).inc();
    },
    delivery(
      channel: 'email' | 'sms' | 'backchannel',
      code: boolean,
      result: DeliveryResult,
    ): void {
      deliveries.labels(channel, code ? 'code' : 'notice', result).inc();
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
