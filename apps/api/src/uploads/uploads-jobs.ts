import type { JobQueue } from '../jobs/job-queue';
import { SWEEP_BATCH, type UploadsService } from './uploads-service';

export const UPLOAD_SWEEP_QUEUE = 'upload-sweep';

/** Sweeps the letters no request claimed, every hour. */
export async function registerUploadSweep(service: UploadsService, queue: JobQueue): Promise<void> {
  await queue.createQueue(UPLOAD_SWEEP_QUEUE, {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: false,
  });
  await queue.work(UPLOAD_SWEEP_QUEUE, async () => {
    while ((await service.removeUnclaimedUploads()) === SWEEP_BATCH);
  });
  await queue.boss.schedule(UPLOAD_SWEEP_QUEUE, '43 * * * *');
}
