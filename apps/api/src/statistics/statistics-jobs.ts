import type { Db } from '../db/database';
import { logBackgroundError } from '../logging/logger-options';
import type { JobQueue } from '../jobs/job-queue';
import { STATISTICS_SOURCES, aggregateNextBatch } from './statistics-repository';

export const STATISTICS_QUEUE = 'statistics-aggregate';

/** Ids a transaction takes at most: one batch stays a short transaction however far behind. */
export const AGGREGATE_BATCH_SIZE = 2_000_000;
/** How old a row must be before it is counted: time for any transaction still open to commit. */
export const SETTLE_SECONDS = 60;
// A run ends after this long and the next one goes on, well before pg-boss would expire the job.
const RUN_BUDGET_MS = 5 * 60_000;

type AggregateOptions = { batchSize?: number; settleSeconds?: number; budgetMs?: number };

/**
 * Brings daily_metrics up to the settled rows of every source, batch after batch while a
 * batch comes back full (decision 0227). Answers how many rows it counted.
 */
export async function aggregateStatistics(
  db: Db,
  {
    batchSize = AGGREGATE_BATCH_SIZE,
    settleSeconds = SETTLE_SECONDS,
    budgetMs = RUN_BUDGET_MS,
  }: AggregateOptions = {},
): Promise<number> {
  const deadline = Date.now() + budgetMs;
  let counted = 0;
  for (const source of STATISTICS_SOURCES) {
    let batch: Awaited<ReturnType<typeof aggregateNextBatch>>;
    do {
      batch = await aggregateNextBatch(db, source, { batchSize, settleSeconds });
      counted += batch.rows;
    } while (batch.full && Date.now() < deadline);
  }
  return counted;
}

/**
 * Runs the aggregation every `everySeconds` (a minute in production). Every instance asks on its
 * own clock; pg-boss lets one job per interval through (`singletonSeconds`), and the watermark's
 * row lock keeps two runs that still meet from counting a row twice.
 */
export async function registerStatisticsJobs(
  db: Db,
  queue: JobQueue,
  everySeconds: number,
): Promise<void> {
  await queue.createQueue(STATISTICS_QUEUE, { retryLimit: 0, retryDelay: 0, retryBackoff: false });
  await queue.work(STATISTICS_QUEUE, async () => {
    await aggregateStatistics(db);
  });
  const timer = setInterval(() => {
    queue
      .send(STATISTICS_QUEUE, {}, { singletonSeconds: everySeconds })
      .catch((error: unknown) => logBackgroundError('statistics job not queued', error));
  }, everySeconds * 1000);
  timer.unref();
  queue.boss.once('stopped', () => clearInterval(timer));
}
