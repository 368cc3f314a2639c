import { randomBytes } from 'node:crypto';
import { FILE_PARSE_FAILED } from '@portal/contracts/dinas-request';
import type { AuditLog } from '../audit/audit-repository';
import type { Db } from '../db/database';
import { DomainError } from '../http/domain-errors';
import type { LetterCheck } from './letter-check';
import { createUploadRepository } from './upload-repository';
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
    await createUploadRepository(ctx.db).insert({
      id,
      storageKey,
      bytes: file.bytes.length,
      pages,
    });
  } catch (error) {
    // Nothing half-done: a file whose row was not written does not stay behind.
    await ctx.storage.remove(storageKey);
    throw error;
  }
  await ctx.audit.record({ action: 'upload', outcome: 'accepted', userType: 'dinas', ip });
  return { url: `upload:${id}` };
}
