import type { Job } from 'pg-boss';
import type { JobQueue } from '../jobs/job-queue';
import { BADGE_BATCH_QUEUE, BADGE_SECRETS_EXPIRY_QUEUE } from './badges-dependencies';
import type { BadgesService } from './badges-service';

/** The badge batches' worker, and the delayed job that forgets a batch's unread secrets. */
export async function registerBadgeWorkers(service: BadgesService, queue: JobQueue): Promise<void> {
  await queue.createQueue(BADGE_BATCH_QUEUE, {
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    // A school of 3,000 takes well under a minute; a worker that died stops touching its job,
    // which is then retried and resumes after the students already done.
    expireInSeconds: 15 * 60,
    heartbeatSeconds: 30,
  });
  await queue.work<{ batchId: number; accountIds: number[] }>(
    BADGE_BATCH_QUEUE,
    async (job: Job<{ batchId: number; accountIds: number[] }>) =>
      service.processBadgeBatch(job.data.batchId, job.data.accountIds),
    { concurrency: 2 },
  );
  await queue.createQueue(BADGE_SECRETS_EXPIRY_QUEUE, {
    retryLimit: 20,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    // Sent with its delay when the batch is asked for: it must wait out the whole delay.
    retentionSeconds: 7 * 24 * 3600,
  });
  await queue.work<{ batchId: number }>(
    BADGE_SECRETS_EXPIRY_QUEUE,
    async (job: Job<{ batchId: number }>) => service.expireBadgeSecrets(job.data.batchId),
  );
}
