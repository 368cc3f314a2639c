import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';
import type { Clock } from '../jobs/clock';
import type { JobQueue } from '../jobs/job-queue';
import { repeatJob } from '../jobs/repeat-job';
import { createRegistrySyncRepository } from './registry-sync-repository';
import { folderSnapshot, syncRegistry, type SyncReport } from './registry-sync-service';

export const REGISTRY_SYNC_QUEUE = 'registry-sync';
/** Written last into a snapshot's folder: a folder still being copied is left alone. */
export const READY_FILE = 'READY';

/**
 * Imports the inbox's ready snapshots not imported yet, oldest name first (a crashed import
 * is resumed). Names sort in time order when they are dates, as the registry writes them.
 */
export async function importInbox(
  ctx: { database: Database; queue: JobQueue; now: Clock },
  inboxDir: string,
): Promise<SyncReport[]> {
  if (!existsSync(inboxDir)) return [];
  const entries = await readdir(inboxDir, { withFileTypes: true });
  const ready = entries
    .filter((e) => e.isDirectory() && existsSync(path.join(inboxDir, e.name, READY_FILE)))
    .map((e) => e.name)
    .sort();
  if (ready.length === 0) return [];
  const finished = await createRegistrySyncRepository(ctx.database.db).finishedSources(ready);
  const reports: SyncReport[] = [];
  for (const name of ready.filter((n) => !finished.has(n))) {
    reports.push(await syncRegistry(ctx, folderSnapshot(path.join(inboxDir, name))));
  }
  return reports;
}

/** Reads the inbox every `everySeconds` (a quarter of an hour in production). */
export async function registerRegistrySyncJobs(
  ctx: { database: Database; queue: JobQueue; now: Clock },
  { inboxDir, everySeconds }: { inboxDir: string; everySeconds: number },
): Promise<void> {
  const { queue } = ctx;
  // An import takes minutes; one that dies is resumed by the next run, not retried at once.
  await queue.createQueue(REGISTRY_SYNC_QUEUE, {
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 3600,
  });
  await queue.work(REGISTRY_SYNC_QUEUE, async () => {
    await importInbox(ctx, inboxDir);
  });
  await repeatJob(queue, REGISTRY_SYNC_QUEUE, everySeconds);
}
