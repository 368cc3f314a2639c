import { LOOKUP_BASE, SchoolSchema } from '@portal/contracts/account-lookup';
import { dataEnvelope } from '@portal/contracts/envelope';
import type { School } from '@portal/contracts/account-lookup';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(z.array(SchoolSchema));
export const SCHOOL_SEARCH_MIN_LETTERS = 3;

/** Schools whose name contains the words typed (the API answers at most a short list). */
export async function searchSchools(name: string, signal?: AbortSignal): Promise<School[]> {
  const { data } = await getJson(`${LOOKUP_BASE}/sekolah/list`, ResponseSchema, {
    query: { name },
    signal,
  });
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
