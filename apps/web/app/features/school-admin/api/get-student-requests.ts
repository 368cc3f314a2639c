import { dataEnvelope } from '@portal/contracts/envelope';
import { StudentRequestListSchema, schoolAdminPaths } from '@portal/contracts/school-admin';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(StudentRequestListSchema);

const POLL_MS = 3000;

/** The school's requests for student accounts, newest first. */
export async function getStudentRequests(npsn: string, signal?: AbortSignal) {
  const { data } = await getJson(schoolAdminPaths(npsn).requests, ResponseSchema, {
    signal,
  });
  return data.items;
}

export const studentRequestsKey = (npsn: string) => ['requests', npsn];

export const useStudentRequests = (npsn: string) =>
  useQuery({
    queryKey: studentRequestsKey(npsn),
    queryFn: ({ signal }) => getStudentRequests(npsn, signal),
    // Watch requests still being processed.
    refetchInterval: (query) =>
      query.state.data?.some((request) => request.status === 'processing') ? POLL_MS : false,
  });
