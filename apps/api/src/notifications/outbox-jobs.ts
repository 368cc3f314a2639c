import type { Job } from 'pg-boss';
import type { JobQueue } from '../jobs/job-queue';
import { CLAIM_SECONDS, type OutboxRepository } from './outbox-repository';

export const DELIVER_QUEUE = 'outbox-deliver';
export const SWEEP_QUEUE = 'outbox-sweep';
export const RESUME_QUEUE = 'outbox-resume';

// A message that has waited this long has lost its job (retention, a crash between commit and
// enqueue on an old version): the sweeper queues it again. Nothing is ever dropped.
const SWEEP_AFTER_SECONDS = 6 * 3600;
const SWEEP_BATCH = 500;

/** Delivers each queued message, and every quarter of an hour queues again those left waiting. */
export async function registerOutboxJobs({
  queue,
  repository,
  deliver,
  resumeAfterOutage,
  retryDelaySeconds,
}: {
  queue: JobQueue;
  repository: OutboxRepository;
  deliver: (id: number) => Promise<void>;
  resumeAfterOutage: () => Promise<void>;
  retryDelaySeconds: number;
}): Promise<void> {
  await queue.createQueue(DELIVER_QUEUE, {
    // Exponential backoff from the configured delay up to 30 minutes: about a day of tries.
    retryLimit: 60,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 1800,
    // A job whose worker died is retried once this passes (plus the queue's supervision
    // interval and retry delay): within a minute, as the message's claim lapses with it.
    expireInSeconds: CLAIM_SECONDS,
    retentionSeconds: 7 * 24 * 3600,
  });
  await queue.createQueue(SWEEP_QUEUE, { retryLimit: 2, retryDelay: 60, retryBackoff: false });
  await queue.work<{ id: number }>(
    DELIVER_QUEUE,
    (job: Job<{ id: number }>) => deliver(job.data.id),
    // Up to 40 sends at once over the SMTP pool's connections (bench/README.md, outbox).
    { concurrency: 2, batchSize: 20 },
  );
  await queue.work(SWEEP_QUEUE, async () => {
    for (const id of await repository.undeliveredOlderThan(SWEEP_AFTER_SECONDS, SWEEP_BATCH)) {
      await queue.send(DELIVER_QUEUE, { id });
    }
  });
  await queue.boss.schedule(SWEEP_QUEUE, '*/15 * * * *');
  // A lapsed run is simply the next minute's: nothing to retry.
  await queue.createQueue(RESUME_QUEUE, { retryLimit: 0, retryDelay: 0, retryBackoff: false });
  await queue.work(RESUME_QUEUE, () => resumeAfterOutage());
  // Every minute (cron's finest): waiting messages go out within a minute of the transport's
  // return, however long the backoff grew during the outage.
  await queue.boss.schedule(RESUME_QUEUE, '* * * * *');
}
