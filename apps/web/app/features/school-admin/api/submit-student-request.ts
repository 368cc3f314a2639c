import { dataEnvelope } from '@portal/contracts/envelope';
import { STUDENT_REQUEST_PATH, StudentRequestSchema } from '@portal/contracts/school-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { studentsKey } from './search-students';

const ResponseSchema = dataEnvelope(StudentRequestSchema);

/** Requests accounts for the chosen students of a school in one go (SPEC §6). */
export async function submitStudentRequest(npsn: string, studentIds: readonly string[]) {
  const body = { npsn, students: studentIds.map((id) => ({ id })) };
  const { data } = await postJson(STUDENT_REQUEST_PATH, body, ResponseSchema);
  return data;
}

export const useSubmitStudentRequest = (npsn: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (studentIds: readonly string[]) => submitStudentRequest(npsn, studentIds),
    onSuccess: () => void queries.invalidateQueries({ queryKey: studentsKey(npsn) }),
  });
};
