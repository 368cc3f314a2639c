import { dataEnvelope } from '@portal/contracts/envelope';
import { StudentRequestSchema, schoolAdminPaths } from '@portal/contracts/school-admin';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(StudentRequestSchema);

const POLL_MS = 2000;

/** One request of the school and how far its accounts are made. */
export async function getStudentRequest(npsn: string, id: string, signal?: AbortSignal) {
  const { data } = await getJson(schoolAdminPaths(npsn).request(id), ResponseSchema, {
    signal,
  });
  return data;
}

/** Polled until every student of the request is settled. */
export const useStudentRequest = (npsn: string, id: string) =>
  useQuery({
    queryKey: ['request', npsn, id],
    queryFn: ({ signal }) => getStudentRequest(npsn, id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : POLL_MS),
  });
