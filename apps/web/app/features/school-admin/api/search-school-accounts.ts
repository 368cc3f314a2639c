import { dataEnvelope } from '@portal/contracts/envelope';
import { SchoolAccountSearchResultSchema, schoolAdminPaths } from '@portal/contracts/school-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(SchoolAccountSearchResultSchema);

export type AccountSearch = { query: string; page: number };

/** The school's student accounts matching a name or NISN; the query goes in the body. */
export async function searchSchoolAccounts(npsn: string, body: AccountSearch) {
  const { data } = await postJson(schoolAdminPaths(npsn).accountSearch, body, ResponseSchema, {});
  return data;
}

export const useSchoolAccounts = (npsn: string, search: AccountSearch) =>
  useQuery({
    queryKey: ['accounts', npsn, search],
    queryFn: () => searchSchoolAccounts(npsn, search),
    placeholderData: keepPreviousData,
  });
