import type { Job } from 'pg-boss';
import type { JobQueue } from '../jobs/job-queue';
import type { ConsoleService } from './console-service';

import { OFFICE_ACCOUNT_QUEUE } from './console-dependencies';

/** Makes the account of each office request staff approve (the approval queues the job). */
export async function registerOfficeAccountWorker(
  service: ConsoleService,
  queue: JobQueue,
): Promise<void> {
  await queue.createQueue(OFFICE_ACCOUNT_QUEUE, {
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
  });
  await queue.work<{ requestId: number }>(
    OFFICE_ACCOUNT_QUEUE,
    async (job: Job<{ requestId: number }>) => service.createOfficeAccount(job.data.requestId),
  );
}
