import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PersonalEmailConfirmedSchema,
  PersonalEmailStartedSchema,
  PROFILE_PATHS,
} from '@portal/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const StartedSchema = dataEnvelope(PersonalEmailStartedSchema);
const ConfirmedSchema = dataEnvelope(PersonalEmailConfirmedSchema);

/** Sends a code to the new personal e-mail. */
export async function startPersonalEmailChange(email: string) {
  const { data } = await postJson(PROFILE_PATHS.email, { email }, StartedSchema);
  return data;
}

/** Confirms the new personal e-mail with its code. */
export async function confirmPersonalEmailChange(code: string) {
  const { data } = await postJson(PROFILE_PATHS.emailConfirm, { code }, ConfirmedSchema, {});
  return data;
}

export const useStartPersonalEmailChange = () =>
  useMutation({ mutationFn: (email: string) => startPersonalEmailChange(email) });

export function useConfirmPersonalEmailChange() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => confirmPersonalEmailChange(code),
    // The profile shows the masked address: read it again.
    onSuccess: () => queries.invalidateQueries({ queryKey: ['profile'] }),
  });
}
