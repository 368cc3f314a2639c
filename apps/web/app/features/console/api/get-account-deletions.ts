import { DeletionListSchema } from '@portal/contracts/account-deletion';
import { CONSOLE_ROUTES } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(DeletionListSchema);

export type DeletionFilter = { status: string; page: number };

/** Deletions of accounts whose owners left the registry, a page at a time. */
export async function getAccountDeletions({ status, page }: DeletionFilter, signal?: AbortSignal) {
  const { data } = await getJson(CONSOLE_ROUTES.accountDeletions, ResponseSchema, {
    signal,
    query: { ...(status ? { status } : {}), page: String(page) },
  });
  return data;
}

export const ACCOUNT_DELETIONS_KEY = ['console-deletions'];

export const useAccountDeletions = (filter: DeletionFilter) =>
  useQuery({
    queryKey: [...ACCOUNT_DELETIONS_KEY, filter.status, filter.page],
    queryFn: ({ signal }) => getAccountDeletions(filter, signal),
  });
