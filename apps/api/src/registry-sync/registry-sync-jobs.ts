import type { JobQueue } from '../jobs/job-queue';
import { repeatJob } from '../jobs/repeat-job';
import type { RegistrySyncService } from './registry-sync-service';

export const REGISTRY_SYNC_QUEUE = 'registry-sync';

/** Reads the inbox every `everySeconds` (a quarter of an hour in production). */
export async function registerRegistrySyncJobs(
  service: RegistrySyncService,
  queue: JobQueue,
  { inboxDir, everySeconds }: { inboxDir: string; everySeconds: number },
): Promise<void> {
  // An import takes minutes; one that dies is resumed by the next run, not retried at once.
  await queue.createQueue(REGISTRY_SYNC_QUEUE, {
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 3600,
  });
  await queue.work(REGISTRY_SYNC_QUEUE, async () => {
    await service.importInbox(inboxDir);
  });
  await repeatJob(queue, REGISTRY_SYNC_QUEUE, everySeconds);
}
