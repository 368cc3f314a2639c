import type { AuditLog } from '../audit/audit-repository';
import type { Db, Transaction } from '../db/database';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import type { JobQueue } from '../jobs/job-queue';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import type { InitialPasswordSealer } from './initial-passwords';
import { createSchoolAccounts } from './school-accounts-service';
import { createStudentRequestProcessing } from './student-request-processing-service';
import { createStudentRequests } from './student-requests-service';

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

/**
 * What a school admin does (issue 20): every call names its school, whose admin the route
 * scope's access hook found (access/). The requests' job makes the accounts they ask for.
 */
export function createSchoolAdminService(deps: SchoolAdminDependencies) {
  return {
    ...createStudentRequests(deps),
    ...createStudentRequestProcessing(deps),
    ...createSchoolAccounts(deps),
  };
}
export type SchoolAdminService = ReturnType<typeof createSchoolAdminService>;
