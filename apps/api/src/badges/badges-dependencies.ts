import type { AuditLog } from '../audit/audit-log';
import type { RateLimitStore } from '../counters/rate-limit-store';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../jobs/clock';

/** The queue of badge batches: sent when an admin asks for badges, worked by its job. */
export const BADGE_BATCH_QUEUE = 'badge-batch';
/** Forgets a batch's card secrets once their time is up, downloaded or not. */
export const BADGE_SECRETS_EXPIRY_QUEUE = 'badge-secrets-expiry';

export type BadgesDependencies = {
  db: Db;
  queue: JobQueue;
  audit: AuditLog;
  counters: RateLimitStore;
  /** Derives the badges' hash key and the sealing key of the cards' secrets. */
  tokenSecret: string;
  now: Clock;
};
