import type { ConsoleDependencies } from './console-dependencies';
import { createOfficeAccounts } from './office-account-service';
import { createOfficeDecisions } from './office-decision-service';
import { createOfficeReview } from './office-review-service';
import { createReferralCodes } from './referral-codes-service';

/** The ministry's console: office requests, their decisions and referral codes. */
export function createConsoleService(deps: ConsoleDependencies) {
  return {
    ...createOfficeReview(deps),
    ...createOfficeDecisions(deps),
    ...createOfficeAccounts(deps),
    ...createReferralCodes(deps),
  };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
