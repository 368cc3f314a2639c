import { CONSOLE_ROUTES, OfficeRequestDetailSchema, consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(OfficeRequestDetailSchema);

/** One office request with everything the reviewer decides on. */
export async function getOfficeRequest(id: string, signal?: AbortSignal) {
  const { data } = await getJson(consolePath(CONSOLE_ROUTES.officeRequest, id), ResponseSchema, {
    signal,
  });
  return data;
}

export const officeRequestKey = (id: string) => ['office-request', id];

export const useOfficeRequest = (id: string) =>
  useQuery({
    queryKey: officeRequestKey(id),
    queryFn: ({ signal }) => getOfficeRequest(id, signal),
    // An approved request shows its account once the job has made it.
    refetchInterval: (query) =>
      query.state.data?.status === 'approved' && !query.state.data.accountEmail ? 2000 : false,
  });
