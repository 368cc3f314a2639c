import type { Job } from 'pg-boss';
import type { JobQueue } from '../jobs/job-queue';
import type { SchoolAdminService } from './school-admin-service';

import { STUDENT_REQUEST_QUEUE } from './school-admin-dependencies';

export async function registerStudentRequestWorker(
  service: SchoolAdminService,
  queue: JobQueue,
): Promise<void> {
  await queue.createQueue(STUDENT_REQUEST_QUEUE, {
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    // A request of 5,000 students takes minutes: it may run this long. A worker that died
    // (its instance killed) stops touching its job, which is then retried within a minute.
    expireInSeconds: 15 * 60,
    heartbeatSeconds: 30,
  });
  await queue.work<{ requestId: number }>(
    STUDENT_REQUEST_QUEUE,
    async (job: Job<{ requestId: number }>) => service.processStudentRequest(job.data.requestId),
    { concurrency: 2 },
  );
}
