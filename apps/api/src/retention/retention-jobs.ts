import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { createRetentionRepository } from './retention-repository';

export const RETENTION_QUEUE = 'retention-purge';

export async function registerRetentionJobs(db: Db, queue: JobQueue): Promise<void> {
  await queue.createQueue(RETENTION_QUEUE, { retryLimit: 3, retryDelay: 300, retryBackoff: false });
  const repository = createRetentionRepository(db);
  await queue.work(RETENTION_QUEUE, async () => {
    await repository.purgeExpired();
  });
  await queue.boss.schedule(RETENTION_QUEUE, '17 * * * *');
}
