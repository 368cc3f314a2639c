import { LOOKUP_BASE } from '@portal/contracts/account-lookup-paths';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { lookupContract } from '../lookup-contract';

/** SPEC §7 `POST .../lookup/request-password?method=email`: mails the account details. */
export async function sendAccountDetails(token: string) {
  const { RequestPasswordResultSchema } = await lookupContract();
  const { data } = await postJson(
    `${LOOKUP_BASE}/request-password`,
    {},
    dataEnvelope(RequestPasswordResultSchema),
    { token, query: { method: 'email' } },
  );
  return data;
}

export const useSendAccountDetails = () => useMutation({ mutationFn: sendAccountDetails });
