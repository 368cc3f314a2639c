import { CONSOLE_ROUTES } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffSelfSchema } from '@portal/contracts/staff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(StaffSelfSchema);

/** Who is signed in to the console: address, roles and the sections those open. */
export async function getStaffSelf(signal?: AbortSignal) {
  const { data } = await getJson(CONSOLE_ROUTES.staffSelf, ResponseSchema, { signal });
  return data;
}

export const STAFF_SELF_KEY = ['console-self'];

const roleWithdrawn = (error: unknown) =>
  error instanceof ApiError && error.id === 'staff_role_missing';

/**
 * The signed-in member, asked once and not retried (anyone else is answered 403). Roles count
 * from the API's next call: when any call of the console is refused for a missing role, the
 * member is read again, so the navigation and the section's page follow at once.
 */
export function useStaffSelf() {
  const queries = useQueryClient();
  useEffect(() => {
    const refresh = (error: unknown) => {
      if (roleWithdrawn(error)) void queries.invalidateQueries({ queryKey: STAFF_SELF_KEY });
    };
    const stopQueries = queries.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refresh(event.action.error);
    });
    const stopMutations = queries.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refresh(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queries]);
  return useQuery({
    queryKey: STAFF_SELF_KEY,
    queryFn: ({ signal }) => getStaffSelf(signal),
    retry: false,
  });
}
