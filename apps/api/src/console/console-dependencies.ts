import type { AuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { ReadOnReplica } from '../db/read-replica';
import type { JobQueue } from '../jobs/job-queue';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import type { PrivateStorage } from '../uploads/private-storage';

/** The queue of the accounts made for approved offices: sent by the decision, worked by its job. */
export const OFFICE_ACCOUNT_QUEUE = 'office-account-create';

export type ConsoleDependencies = {
  db: Db;
  /** The lists' reads, on the replica when there is one. */
  replica: ReadOnReplica;
  queue: JobQueue;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  storage: PrivateStorage;
  /** The domain of the accounts made for approved offices. */
  domain: string;
};
