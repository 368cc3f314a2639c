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
  Omit<SchoolAccountsContext, 'repository'>;

/**
 * What a school admin does (issue 20): every call names its school, whose admin the route
 * scope's access hook found (access/); the operations only bind their context.
 */
export function createSchoolAdminService(deps: Dependencies) {
  const repository = createSchoolAdminRepository(deps.db);
  const requests: StudentRequestsContext = { ...deps, repository };
  const accounts: SchoolAccountsContext = { ...deps, repository };
  return {
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
