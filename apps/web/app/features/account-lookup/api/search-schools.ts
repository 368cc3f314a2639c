import { LOOKUP_BASE } from '@portal/contracts/account-lookup-paths';
import { dataEnvelope } from '@portal/contracts/envelope';
import type { School } from '@portal/contracts/account-lookup';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '~/api/api-client';
import { lookupContract } from '../lookup-contract';

export const SCHOOL_SEARCH_MIN_LETTERS = 3;

/** Schools whose name contains the words typed (the API answers at most a short list). */
export async function searchSchools(name: string, signal?: AbortSignal): Promise<School[]> {
  const { SchoolSchema } = await lookupContract();
  const { data } = await getJson(
    `${LOOKUP_BASE}/sekolah/list`,
    dataEnvelope(z.array(SchoolSchema)),
    {
      query: { name },
      signal,
    },
  );
  return data;
}

/** `name` should already be debounced by the caller. */
export function useSchoolSearch(name: string) {
  const term = name.trim();
  return useQuery({
    queryKey: ['schools', term.toLowerCase()],
    queryFn: ({ signal }) => searchSchools(term, signal),
    enabled: term.length >= SCHOOL_SEARCH_MIN_LETTERS,
    placeholderData: keepPreviousData,
  });
}
