import { dataEnvelope } from '@portal/contracts/envelope';
import { AuditPageSchema, STAFF_ROUTES } from '@portal/contracts/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(AuditPageSchema);

/** The audit trail's filter as the console's form holds it: empty fields filter nothing. */
export type AuditFilter = { actor: string; action: string; from: string; to: string };

/** The filter's fields as the API's query, the empty ones left out. */
export const auditQuery = (filter: AuditFilter): Record<string, string> =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value.trim() !== ''));

/**
 * What staff did, newest first, a page at a time. The person is a staff address: the API's
 * query names it (it logs no query strings), the web keeps it out of the page's own address.
 */
export async function getAuditTrail(filter: AuditFilter, page: number, signal?: AbortSignal) {
  const { data } = await getJson(STAFF_ROUTES.audit, ResponseSchema, {
    signal,
    query: { ...auditQuery(filter), page: String(page) },
  });
  return data;
}

export const useAuditTrail = (filter: AuditFilter, page: number) =>
  useQuery({
    queryKey: ['console-audit', filter, page],
    queryFn: ({ signal }) => getAuditTrail(filter, page, signal),
    placeholderData: keepPreviousData,
  });
