import { dataEnvelope } from '@portal/contracts/envelope';
import { PasswordResetResultSchema, schoolAdminPaths } from '@portal/contracts/school-admin';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(PasswordResetResultSchema);

/** A new initial password for a student's account, answered once. */
export async function resetStudentPassword(npsn: string, accountId: string) {
  const { data } = await postJson(
    schoolAdminPaths(npsn).accountPasswordReset(accountId),
    {},
    ResponseSchema,
  );
  return data;
}

export const useResetStudentPassword = (npsn: string) =>
  useMutation({
    mutationFn: (accountId: string) => resetStudentPassword(npsn, accountId),
  });
