import { schoolAdminPaths } from '@portal/contracts/school-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postForFile } from '~/api/api-client';
import { studentRequestsKey } from './get-student-requests';

/**
 * A completed request's accounts as a CSV file; the first download alone carries the initial
 * passwords, so the request's list is read again afterwards.
 */
export const downloadStudentAccounts = (npsn: string, requestId: string) =>
  postForFile(schoolAdminPaths(npsn).requestCsv(requestId));

export const useDownloadStudentAccounts = (npsn: string, requestId: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => downloadStudentAccounts(npsn, requestId),
    onSuccess: () => void queries.invalidateQueries({ queryKey: studentRequestsKey(npsn) }),
  });
};
