import { dataEnvelope } from '@portal/contracts/envelope';
import { StudentSearchResultSchema, schoolAdminPaths } from '@portal/contracts/school-admin';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(StudentSearchResultSchema);

export type StudentSearch = { query: string; page: number };

/** The school's students matching a name or NISN, a page at a time; the query goes in the body. */
export async function searchStudents(
  npsn: string,
  body: StudentSearch & { withEligibleIds?: boolean },
) {
  const { data } = await postJson(schoolAdminPaths(npsn).studentSearch, body, ResponseSchema, {});
  return data;
}

export const studentsKey = (npsn: string) => ['students', npsn];

export const useStudentSearch = (npsn: string, search: StudentSearch) =>
  useQuery({
    queryKey: [...studentsKey(npsn), search],
    queryFn: () => searchStudents(npsn, search),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** "Select all": the same search, answering the ids of every requestable student it matches. */
export const useEligibleStudentIds = (npsn: string) =>
  useMutation({
    mutationFn: async (search: StudentSearch) => {
      const answer = await searchStudents(npsn, {
        ...search,
        page: 1,
        withEligibleIds: true,
      });
      return answer.eligibleIds ?? [];
    },
  });
