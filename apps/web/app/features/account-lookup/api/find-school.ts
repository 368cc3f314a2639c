import { LOOKUP_BASE } from '@portal/contracts/account-lookup-paths';
import { dataEnvelope } from '@portal/contracts/envelope';
import type { School } from '@portal/contracts/account-lookup';
import { NpsnSchema } from '@portal/contracts/user-types';
import { useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '~/api/api-client';
import { lookupContract } from '../lookup-contract';

/** The school of an NPSN, or null when there is none. */
export async function findSchool(npsn: string, signal?: AbortSignal): Promise<School | null> {
  try {
    const { SchoolSchema } = await lookupContract();
    const { data } = await getJson(`${LOOKUP_BASE}/sekolah`, dataEnvelope(SchoolSchema), {
      query: { npsn },
      signal,
    });
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Looks the school up as soon as the NPSN has a valid shape, so the visitor can confirm it. */
export function useSchoolByNpsn(npsn: string) {
  const parsed = NpsnSchema.safeParse(npsn);
  const valid = parsed.success ? parsed.data : '';
  return useQuery({
    queryKey: ['school', valid],
    queryFn: ({ signal }) => findSchool(valid, signal),
    enabled: valid !== '',
  });
}
