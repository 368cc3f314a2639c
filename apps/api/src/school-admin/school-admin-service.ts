import type { SchoolAdminDependencies } from './school-admin-dependencies';
import { createSchoolAccounts } from './school-accounts-service';
import { createStudentRequestProcessing } from './student-request-processing-service';
import { createStudentRequests } from './student-requests-service';

/**
 * What a school admin does: every call names its school, whose admin the route
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
