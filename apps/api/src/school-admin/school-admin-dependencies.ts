import type { AuditLog } from '../audit/audit-log';
import type { Db, Transaction } from '../db/database';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import type { JobQueue } from '../jobs/job-queue';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import type { InitialPasswordSealer } from './initial-passwords';

/** The queue of the students' account requests: sent by the request, worked by its job. */
export const STUDENT_REQUEST_QUEUE = 'student-account-request';

export type SchoolAdminDependencies = {
  db: Db;
  queue: JobQueue;
  audit: AuditLog;
  toggles: FeatureTogglesService;
  sealer: InitialPasswordSealer;
  hasher: { hash(password: string): Promise<string> };
  outbox: OutboxService;
  templates: MessageTemplates;
  /** Ends every sign-in of an account (sessions, grants, refresh tokens) in the transaction. */
  revokeSignIns: (tx: Transaction, accountId: number) => Promise<void>;
  /** The domain of the students' accounts. */
  domain: string;
};
