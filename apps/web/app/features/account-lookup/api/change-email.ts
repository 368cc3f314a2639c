import { LOOKUP_BASE, ChangeEmailResultSchema } from '@portal/contracts/account-lookup';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ChangeEmailResultSchema);

/** SPEC §7 `POST .../lookup/change-email`: a 6-digit code goes to the new address. */
export async function changeEmail({ token, email }: { token: string; email: string }) {
  const { data } = await postJson(`${LOOKUP_BASE}/change-email`, { email }, ResponseSchema, {
    token,
  });
  return data;
}

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
