import { logBackgroundError } from '../logging/logger-options';
import type { JobQueue } from './job-queue';

/**
 * Queues the job `name` every `everySeconds`. Every instance asks on its own clock; pg-boss lets
 * one job per interval through (`singletonSeconds`), so more instances do not mean more runs.
 * Seconds rather than a cron schedule (whole minutes at best): the browser journeys run the
 * registry sync and the deletion lifecycle every few seconds.
 */
export async function repeatJob(queue: JobQueue, name: string, everySeconds: number) {
  // A database may still hold a cron schedule for the queue, which would run it as well.
  await queue.boss.unschedule(name);
  const timer = setInterval(() => {
    queue
      .send(name, {}, { singletonSeconds: everySeconds })
      .catch((error: unknown) => logBackgroundError(`${name} job not queued`, error));
  }, everySeconds * 1000);
  timer.unref();
  queue.boss.once('stopped', () => clearInterval(timer));
}
