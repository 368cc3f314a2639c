import type { JobQueue } from '../jobs/job-queue';
import { createUploadRepository } from './upload-repository';
import type { UploadContext } from './upload-service';

export const UPLOAD_SWEEP_QUEUE = 'upload-sweep';
const SWEEP_BATCH = 500;

/**
 * Removes letters no submitted request took within a day (issue 21): the file first, then its
 * row, so a crash in between leaves a row whose file is gone, which the next sweep finishes.
 */
export async function removeUnclaimedUploads(ctx: UploadContext): Promise<number> {
  const uploads = createUploadRepository(ctx.db);
  const stale = await uploads.unclaimedForADay(SWEEP_BATCH);
  for (const upload of stale) {
    await ctx.storage.remove(upload.storageKey);
    await uploads.removeUnclaimed(upload.id);
  }
  return stale.length;
}

export async function registerUploadSweep(ctx: UploadContext, queue: JobQueue): Promise<void> {
  await queue.createQueue(UPLOAD_SWEEP_QUEUE, {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: false,
  });
  await queue.work(UPLOAD_SWEEP_QUEUE, async () => {
    while ((await removeUnclaimedUploads(ctx)) === SWEEP_BATCH);
  });
  await queue.boss.schedule(UPLOAD_SWEEP_QUEUE, '43 * * * *');
}
