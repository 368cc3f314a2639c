import {
  BACKLOG_BUCKETS,
  type DailySeries,
  type LOOKUP_FUNNEL_STEPS,
  type PublicStatistics,
  type RESET_FUNNEL_STEPS,
  type SIGN_IN_SERIES,
  type Statistics,
  type StatisticsQuery,
} from '@portal/contracts/statistics';
import type { RateLimitStore } from '../counters/rate-limit-store';
import type { Db } from '../db/database';
import type { ReadOnReplica } from '../db/read-replica';
import { createStatisticsRepository, STATISTICS_SOURCES } from './statistics-repository';

type Count = { day: string; metric: string; count: number };
/** Which metrics (daily_metrics.metric) add up to one series of a chart. */
type SeriesRule = { key: string; counts: (metric: string) => boolean };

const is = (metric: string) => (candidate: string) => candidate === metric;
const oneOf =
  (...metrics: string[]) =>
  (candidate: string) =>
    metrics.includes(candidate);
const startsWith = (prefix: string) => (candidate: string) => candidate.startsWith(prefix);

// The funnels read the server's own outcomes (audit_events), never what a browser reports.
const LOOKUP_FUNNEL: Record<(typeof LOOKUP_FUNNEL_STEPS)[number], SeriesRule['counts']> = {
  // Every lookup the bot check let through, found or not.
  initiated: (metric) =>
    metric.startsWith('audit:lookup:') && metric !== 'audit:lookup:bot-check-failed',
  found: is('audit:lookup:found'),
  detailsSent: startsWith('audit:request-details:queued-'),
  emailChanged: is('audit:change-email:confirmed'),
};
const RESET_FUNNEL: Record<(typeof RESET_FUNNEL_STEPS)[number], SeriesRule['counts']> = {
  initiated: startsWith('audit:reset-verify:'),
  codeSent: startsWith('audit:reset-send:queued-'),
  codeRight: is('audit:reset-validate:verified'),
  passwordSet: is('audit:reset-password:changed'),
};
const SIGN_INS: Record<(typeof SIGN_IN_SERIES)[number], SeriesRule['counts']> = {
  signedIn: is('audit:sign-in:signed-in'),
  // An unknown address or an account without a password is answered as a wrong password.
  wrongPassword: oneOf(
    'audit:sign-in:wrong-password',
    'audit:sign-in:wrong',
    'audit:sign-in:unknown-account',
    'audit:sign-in:no-password',
  ),
  refusedLocked: is('audit:sign-in:locked'),
  locks: is('audit:sign-in-lock:locked'),
};
const PUBLIC_PREFIXES = [
  'audit:lookup:',
  'audit:request-details:',
  'audit:change-email:',
  'audit:reset-',
];
const STAFF_PREFIXES = [...PUBLIC_PREFIXES, 'audit:sign-in:', 'audit:sign-in-lock:', 'event:'];

const DAY_MS = 86_400_000;
/** Every day from `from` to `to` (YYYY-MM-DD), in order. */
export function daysOf({ from, to }: StatisticsQuery): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

function series(days: string[], counts: Count[], rules: SeriesRule[]): DailySeries {
  const index = new Map(days.map((day, i) => [day, i]));
  const result = rules.map((rule) => ({ key: rule.key, counts: days.map(() => 0) }));
  for (const { day, metric, count } of counts) {
    const at = index.get(day);
    if (at === undefined) continue;
    rules.forEach((rule, i) => {
      if (rule.counts(metric)) result[i]!.counts[at]! += count;
    });
  }
  return { days, series: result };
}

const rulesOf = (definition: Record<string, SeriesRule['counts']>): SeriesRule[] =>
  Object.entries(definition).map(([key, counts]) => ({ key, counts }));

/** One series per tracking event name that occurred in the range, by name. */
function eventSeries(days: string[], counts: Count[]): DailySeries {
  const names = [...new Set(counts.map((row) => row.metric).filter(startsWith('event:')))].sort();
  return series(
    days,
    counts,
    names.map((metric) => ({ key: metric.slice('event:'.length), counts: is(metric) })),
  );
}

/** Ids a transaction takes at most: one batch stays a short transaction however far behind. */
export const AGGREGATE_BATCH_SIZE = 2_000_000;
/** How old a row must be before it is counted: time for any transaction still open to commit. */
export const SETTLE_SECONDS = 60;
// A run ends after this long and the next one goes on, well before pg-boss would expire the job.
const RUN_BUDGET_MS = 5 * 60_000;

type AggregateOptions = { batchSize?: number; settleSeconds?: number; budgetMs?: number };

/** The figures of the staff dashboard and of the public statistics page, and their counting. */
export function createStatisticsService({
  db,
  replica,
  counters,
}: {
  db: Db;
  /** The figures are read on the replica when there is one: minutes-old counts do. */
  replica: ReadOnReplica;
  counters: RateLimitStore;
}) {
  const repository = createStatisticsRepository(db);
  const onReplica = <T>(read: (r: ReturnType<typeof createStatisticsRepository>) => Promise<T>) =>
    replica((replicaDb) => read(createStatisticsRepository(replicaDb)));
  return {
    /** The two daily funnels, which anyone may see. */
    async publicStatistics(range: StatisticsQuery): Promise<PublicStatistics> {
      const days = daysOf(range);
      const counts = await onReplica((r) => r.dailyCounts(range, PUBLIC_PREFIXES));
      return {
        lookupFunnel: series(days, counts, rulesOf(LOOKUP_FUNNEL)),
        resetFunnel: series(days, counts, rulesOf(RESET_FUNNEL)),
      };
    },

    /** The staff dashboard's figures: the funnels, events by name, sign-ins, the review backlog. */
    async staffStatistics(range: StatisticsQuery): Promise<Statistics> {
      const days = daysOf(range);
      const [counts, backlog] = await Promise.all([
        onReplica((r) => r.dailyCounts(range, STAFF_PREFIXES)),
        onReplica((r) => r.pendingOfficeRequestAges()),
      ]);
      return {
        lookupFunnel: series(days, counts, rulesOf(LOOKUP_FUNNEL)),
        resetFunnel: series(days, counts, rulesOf(RESET_FUNNEL)),
        events: eventSeries(days, counts),
        signIns: series(days, counts, rulesOf(SIGN_INS)),
        reviewBacklog: {
          pending: backlog.pending,
          oldestDays: backlog.oldestDays,
          buckets: BACKLOG_BUCKETS.map((key) => ({ key, count: backlog.byAge[key] ?? 0 })),
        },
      };
    },

    /**
     * Brings daily_metrics up to the settled rows of every source, batch after batch while a
     * batch comes back full (decision 0227). Answers how many rows it counted.
     */
    async aggregateStatistics({
      batchSize = AGGREGATE_BATCH_SIZE,
      settleSeconds = SETTLE_SECONDS,
      budgetMs = RUN_BUDGET_MS,
    }: AggregateOptions = {}): Promise<number> {
      const deadline = Date.now() + budgetMs;
      let counted = 0;
      for (const source of STATISTICS_SOURCES) {
        let batch: { rows: number; full: boolean };
        do {
          batch = await repository.aggregateNextBatch(source, { batchSize, settleSeconds });
          counted += batch.rows;
        } while (batch.full && Date.now() < deadline);
      }
      return counted;
    },

    /** @fastify/rate-limit's options that keep its counts in the shared counters. */
    rateLimitCounters: (namespace: string) => counters.fastifyOptions(namespace),
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
