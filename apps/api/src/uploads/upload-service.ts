import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { FILE_PARSE_FAILED } from '@portal/contracts/dinas-request';
import type { AuditLog } from '../audit/audit-repository';
import type { Db } from '../db/database';
import { privateUploads } from '../db/schema';
import { DomainError } from '../http/domain-errors';
import type { JobQueue } from '../jobs/job-queue';
import type { LetterCheck } from './letter-check';
import type { PrivateStorage } from './private-storage';

export type UploadContext = {
  db: Db;
  storage: PrivateStorage;
  audit: AuditLog;
  letterCheck: LetterCheck;
};

/** SPEC §5: a file that is not a readable PDF answers 400 `failed to parse file`. */
export const unreadableFile = () =>
  new DomainError('VALIDATION_FAILED', 400, { id: 'file_unreadable', message: FILE_PARSE_FAILED });

/**
 * Keeps an office's letter: a PDF by its name and by its content, parsed before it is accepted,
 * stored under a generated key. Answers the opaque reference the request then names.
 */
export async function acceptLetter(
  ctx: UploadContext,
  file: { filename: string; bytes: Buffer },
  ip: string,
): Promise<{ url: string }> {
  if (!/\.pdf$/i.test(file.filename)) throw unreadableFile();
  const pages = await ctx.letterCheck.pages(file.bytes);
  if (pages === null) throw unreadableFile();
  const id = randomBytes(16).toString('base64url');
  const now = new Date();
  const storageKey = `letters/${now.getUTCFullYear()}/${randomBytes(16).toString('hex')}.pdf`;
  await ctx.storage.put(storageKey, file.bytes);
  try {
    await ctx.db.insert(privateUploads).values({ id, storageKey, bytes: file.bytes.length, pages });
  } catch (error) {
    // Nothing half-done: a file whose row was not written does not stay behind.
    await ctx.storage.remove(storageKey);
    throw error;
  }
  await ctx.audit.record({ action: 'upload', outcome: 'accepted', userType: 'dinas', ip });
  return { url: `upload:${id}` };
}

export const UPLOAD_SWEEP_QUEUE = 'upload-sweep';
const SWEEP_BATCH = 500;

/**
 * Removes letters no submitted request took within a day (issue 21): the file first, then its
 * row, so a crash in between leaves a row whose file is gone, which the next sweep finishes.
 */
export async function removeUnclaimedUploads(ctx: UploadContext): Promise<number> {
  const stale = await ctx.db
    .select({ id: privateUploads.id, storageKey: privateUploads.storageKey })
    .from(privateUploads)
    .where(
      and(
        isNull(privateUploads.claimedAt),
        lt(privateUploads.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const upload of stale) {
    await ctx.storage.remove(upload.storageKey);
    await ctx.db
      .delete(privateUploads)
      .where(and(eq(privateUploads.id, upload.id), isNull(privateUploads.claimedAt)));
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
