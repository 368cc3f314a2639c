import { CONSOLE_ROUTES, OfficeRequestListSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(OfficeRequestListSchema);

export type RequestFilter = {
  status: string;
  province: string;
  from: string;
  to: string;
  page: number;
};

/** The office requests of a filter, a page at a time; empty filters are left out. */
export async function getOfficeRequests(filter: RequestFilter, signal?: AbortSignal) {
  const query = Object.fromEntries(
    Object.entries({ ...filter, page: String(filter.page) }).filter(([, value]) => value),
  );
  const { data } = await getJson(CONSOLE_ROUTES.officeRequests, ResponseSchema, {
    signal,
    query,
  });
  return data;
}

export const useOfficeRequests = (filter: RequestFilter) =>
  useQuery({
    queryKey: ['office-requests', filter],
    queryFn: ({ signal }) => getOfficeRequests(filter, signal),
  });
