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
export async function changePassword(body: ChangePasswordBody) {
  const { data } = await postJson(PROFILE_PATHS.password, body, ResponseSchema);
  return data;
}

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => changePassword(body) });
