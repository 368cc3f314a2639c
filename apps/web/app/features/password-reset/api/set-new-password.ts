import { dataEnvelope } from '@portal/contracts/envelope';
import { RESET_PATHS, SetPasswordResultSchema } from '@portal/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

export async function setNewPassword(input: {
  sessionId: string;
  password: string;
  confirmation: string;
}) {
  const { data } = await postJson(
    RESET_PATHS.setPassword,
    {
      session_id: input.sessionId,
      password: input.password,
      password_confirmation: input.confirmation,
    },
    dataEnvelope(SetPasswordResultSchema),
  );
  return data;
}

export const useSetNewPassword = () => useMutation({ mutationFn: setNewPassword });
