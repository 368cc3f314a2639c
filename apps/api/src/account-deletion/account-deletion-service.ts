import type { AuditLog } from '../audit/audit-repository';
import type { Db } from '../db/database';
import type { Clock } from '../jobs/clock';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import { createDeletionDay } from './deletion-day-service';
import { createDeletionDecisions } from './deletion-decisions-service';
import { createDeletionReports } from './deletion-report-service';

export type DeletionDependencies = {
  db: Db;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  now: Clock;
  /** Signs the report links of the notices. */
  tokenSecret: string;
};

/**
 * The deletion of accounts whose owners left the registry (issue 23): the daily lifecycle, the
 * owner's report that a notice is a mistake, and the console's decision on it.
 */
export function createAccountDeletionService(deps: DeletionDependencies) {
  return {
    ...createDeletionDay(deps),
    ...createDeletionReports(deps),
    ...createDeletionDecisions(deps),
  };
}
export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
