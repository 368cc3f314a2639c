import type { JobQueue } from '../jobs/job-queue';
import { repeatJob } from '../jobs/repeat-job';
import type { AccountDeletionService } from './account-deletion-service';

export const DELETION_DAY_QUEUE = 'account-deletion-day';

/**
 * The lifecycle runs every `everySeconds` (an hour in production): each run does what the date
 * calls for and nothing done before, so the first run after the service was down catches the
 * missed days up.
 */
export async function registerDeletionJobs(
  service: AccountDeletionService,
  queue: JobQueue,
  everySeconds: number,
): Promise<void> {
  await queue.createQueue(DELETION_DAY_QUEUE, {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: false,
  });
  await queue.work(DELETION_DAY_QUEUE, async () => {
    await service.runDeletionDay();
  });
  await repeatJob(queue, DELETION_DAY_QUEUE, everySeconds);
}
