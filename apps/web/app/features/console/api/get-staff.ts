import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffListSchema, STAFF_ROUTES } from '@portal/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(StaffListSchema);

/** Every staff member with their roles, status, second factor and last sign-in. */
export async function getStaff(signal?: AbortSignal) {
  const { data } = await getJson(STAFF_ROUTES.list, ResponseSchema, { signal });
  return data.items;
}

export const STAFF_KEY = ['console-staff'];

export const useStaff = () =>
  useQuery({ queryKey: STAFF_KEY, queryFn: ({ signal }) => getStaff(signal) });
