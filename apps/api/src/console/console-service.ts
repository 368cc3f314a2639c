import type { AuditLog } from '../audit/audit-repository';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import type { PrivateStorage } from '../uploads/private-storage';
import { createOfficeAccounts } from './office-account-service';
import { createOfficeDecisions } from './office-decision-service';
import { createOfficeReview } from './office-review-service';
import { createReferralCodes } from './referral-codes-service';

export type ConsoleDependencies = {
  db: Db;
  queue: JobQueue;
  outbox: OutboxService;
  templates: MessageTemplates;
  audit: AuditLog;
  storage: PrivateStorage;
  /** The domain of the accounts made for approved offices. */
  domain: string;
};

/** The ministry's console (issue 21): office requests, their decisions and referral codes. */
export function createConsoleService(deps: ConsoleDependencies) {
  return {
    ...createOfficeReview(deps),
    ...createOfficeDecisions(deps),
    ...createOfficeAccounts(deps),
    ...createReferralCodes(deps),
  };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
