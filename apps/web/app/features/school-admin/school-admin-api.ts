import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PasswordResetResultSchema,
  STUDENT_REQUEST_PATH,
  SchoolAccountSearchResultSchema,
  StudentRequestListSchema,
  StudentRequestSchema,
  StudentSearchResultSchema,
  schoolAdminPaths,
} from '@portal/contracts/school-admin';
import { getJson, postForFile, postJson } from '~/api/api-client';

/** The school admin's calls (issue 20), each with the admin's access token. */
export function schoolAdminApi(token: string, npsn: string) {
  const paths = schoolAdminPaths(npsn);
  return {
    searchStudents: (body: { query: string; page: number; withEligibleIds?: boolean }) =>
      postJson(paths.studentSearch, body, dataEnvelope(StudentSearchResultSchema), { token }),
    submitRequest: (studentIds: readonly string[]) =>
      postJson(
        STUDENT_REQUEST_PATH,
        { npsn, students: studentIds.map((id) => ({ id })) },
        dataEnvelope(StudentRequestSchema),
        { token },
      ),
    request: (id: string, signal?: AbortSignal) =>
      getJson(paths.request(id), dataEnvelope(StudentRequestSchema), { token, signal }),
    requests: (signal?: AbortSignal) =>
      getJson(paths.requests, dataEnvelope(StudentRequestListSchema), { token, signal }),
    downloadCsv: (id: string) => postForFile(paths.requestCsv(id), { token }),
    searchAccounts: (body: { query: string; page: number }) =>
      postJson(paths.accountSearch, body, dataEnvelope(SchoolAccountSearchResultSchema), {
        token,
      }),
    resetPassword: (accountId: string) =>
      postJson(paths.accountPasswordReset(accountId), {}, dataEnvelope(PasswordResetResultSchema), {
        token,
      }),
  };
}
export type SchoolAdminApi = ReturnType<typeof schoolAdminApi>;
