import type { ProfileDependencies } from '../profile/profile-service';
import { schoolAdminOf } from './school-admin-access';
import { createSchoolAdminRepository } from './school-admin-repository';
import {
  resetStudentPassword,
  searchSchoolAccounts,
  type SchoolAccountsContext,
} from './school-accounts-service';
import {
  listStudentRequests,
  requestOf,
  searchStudents,
  studentRequestCsv,
  submitStudentRequest,
  type StudentRequestsContext,
} from './student-requests-service';

type Dependencies = Omit<StudentRequestsContext, 'repository'> &
  Omit<SchoolAccountsContext, 'repository'> & { access: ProfileDependencies };

/**
 * What a school admin does (issue 20): every call names its school and carries the admin's
 * authorization header, checked first; the operations only bind their context.
 */
export function createSchoolAdminService(deps: Dependencies) {
  const repository = createSchoolAdminRepository(deps.db);
  const requests: StudentRequestsContext = { ...deps, repository };
  const accounts: SchoolAccountsContext = { ...deps, repository };
  return {
    adminOf: (authorization: string | undefined, npsn: string) =>
      schoolAdminOf(deps.access, authorization, npsn),
    searchStudents: searchStudents.bind(null, requests),
    submitStudentRequest: submitStudentRequest.bind(null, requests),
    listStudentRequests: (admin: Parameters<typeof listStudentRequests>[1]) =>
      listStudentRequests(requests, admin),
    requestOf: requestOf.bind(null, requests),
    studentRequestCsv: studentRequestCsv.bind(null, requests),
    searchSchoolAccounts: searchSchoolAccounts.bind(null, accounts),
    resetStudentPassword: resetStudentPassword.bind(null, accounts),
  };
}
export type SchoolAdminService = ReturnType<typeof createSchoolAdminService>;
