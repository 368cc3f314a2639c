import type { DeletionDependencies } from './account-deletion-dependencies';
import { createDeletionDay } from './deletion-day-service';
import { createDeletionDecisions } from './deletion-decisions-service';
import { createDeletionReports } from './deletion-report-service';

/**
 * The deletion of accounts whose owners left the registry: the daily lifecycle, the
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
