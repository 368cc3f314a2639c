import type { AuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Clock } from '../jobs/clock';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';

export type DeletionDependencies = {
  db: Db;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  now: Clock;
  /** Signs the report links of the notices. */
  tokenSecret: string;
};
