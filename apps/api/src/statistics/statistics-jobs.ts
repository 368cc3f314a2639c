import { logBackgroundError } from '../logging/logger-options';
import type { JobQueue } from '../jobs/job-queue';
import type { StatisticsService } from './statistics-service';

export const STATISTICS_QUEUE = 'statistics-aggregate';

/**
 * Runs the aggregation every `everySeconds` (a minute in production). Every instance asks on its
 * own clock; pg-boss lets one job per interval through (`singletonSeconds`), and the watermark's
 * row lock keeps two runs that still meet from counting a row twice.
 */
export async function registerStatisticsJobs(
  service: StatisticsService,
  queue: JobQueue,
  everySeconds: number,
): Promise<void> {
  await queue.createQueue(STATISTICS_QUEUE, { retryLimit: 0, retryDelay: 0, retryBackoff: false });
  await queue.work(STATISTICS_QUEUE, async () => {
    await service.aggregateStatistics();
  });
  const timer = setInterval(() => {
    queue
      .send(STATISTICS_QUEUE, {}, { singletonSeconds: everySeconds })
      .catch((error: unknown) => logBackgroundError('statistics job not queued', error));
  }, everySeconds * 1000);
  timer.unref();
  queue.boss.once('stopped', () => clearInterval(timer));
}
