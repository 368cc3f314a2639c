import { dataEnvelope } from '@portal/contracts/envelope';
import {
  ChangePasswordResultSchema,
  PROFILE_PATHS,
  type ChangePasswordBody,
} from '@portal/contracts/profile';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ChangePasswordResultSchema);

/** Changes the signed-in person's password; answers how many other sessions ended. */
export async function changePassword(token: string, body: ChangePasswordBody) {
  const { data } = await postJson(PROFILE_PATHS.password, body, ResponseSchema, { token });
  return data;
}

export const useChangePassword = (token: string) =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => changePassword(token, body) });
