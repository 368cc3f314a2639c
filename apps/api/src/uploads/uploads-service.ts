import { randomBytes } from 'node:crypto';
import { FILE_PARSE_FAILED } from '@portal/contracts/office-request';
import type { AuditLog } from '../audit/audit-log';
import type { RateLimitStore } from '../counters/rate-limit-store';
import type { Db } from '../db/database';
import { DomainError } from '../http/domain-errors';
import type { LetterCheck } from './letter-check';
import type { PrivateStorage } from './private-storage';
import { createUploadsRepository } from './uploads-repository';

/** Letters one sweep removes at most; the job sweeps again while a sweep comes back full. */
export const SWEEP_BATCH = 500;

/** SPEC §5: a file that is not a readable PDF answers 400 `failed to parse file`. */
const unreadableFile = () =>
  new DomainError('VALIDATION_FAILED', 400, { id: 'file_unreadable', message: FILE_PARSE_FAILED });

/** The offices' letters, kept privately until a request claims them. */
export function createUploadsService({
  db,
  storage,
  audit,
  letterCheck,
  counters,
}: {
  db: Db;
  storage: PrivateStorage;
  audit: AuditLog;
  letterCheck: LetterCheck;
  counters: RateLimitStore;
}) {
  const repository = createUploadsRepository(db);
  return {
    /**
     * Keeps an office's letter: a PDF by its name and by its content, parsed before it is
     * accepted, stored under a generated key. Answers the opaque reference the request then
     * names.
     */
    async acceptLetter(
      file: { filename: string; bytes: Buffer },
      ip: string,
    ): Promise<{ url: string }> {
      if (!/\.pdf$/i.test(file.filename)) throw unreadableFile();
      const pages = await letterCheck.pages(file.bytes);
      if (pages === null) throw unreadableFile();
      const id = randomBytes(16).toString('base64url');
      const now = new Date();
      const storageKey = `letters/${now.getUTCFullYear()}/${randomBytes(16).toString('hex')}.pdf`;
      await storage.put(storageKey, file.bytes);
      try {
        await repository.insert({ id, storageKey, bytes: file.bytes.length, pages });
      } catch (error) {
        // Nothing half-done: a file whose row was not written does not stay behind.
        await storage.remove(storageKey);
        throw error;
      }
      await audit.record({ action: 'upload', outcome: 'accepted', userType: 'dinas', ip });
      return { url: `upload:${id}` };
    },

    /**
     * Removes letters no submitted request took within a day, a batch at most: the
     * file first, then its row, so a crash in between leaves a row whose file is gone, which
     * the next sweep finishes. Answers how many it removed.
     */
    async removeUnclaimedUploads(): Promise<number> {
      const stale = await repository.unclaimedForADay(SWEEP_BATCH);
      for (const upload of stale) {
        await storage.remove(upload.storageKey);
        await repository.removeUnclaimed(upload.id);
      }
      return stale.length;
    },

    /** @fastify/rate-limit's options that keep its counts in the shared counters. */
    rateLimitCounters: (namespace: string) => counters.fastifyOptions(namespace),
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
