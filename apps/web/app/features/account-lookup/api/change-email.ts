import { LOOKUP_BASE } from '@portal/contracts/account-lookup-paths';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { lookupContract } from '../lookup-contract';

/** SPEC §7 `POST .../lookup/change-email`: a 6-digit code goes to the new address. */
export async function changeEmail({ token, email }: { token: string; email: string }) {
  const { ChangeEmailResultSchema } = await lookupContract();
  const { data } = await postJson(
    `${LOOKUP_BASE}/change-email`,
    { email },
    dataEnvelope(ChangeEmailResultSchema),
    { token },
  );
  return data;
}

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
