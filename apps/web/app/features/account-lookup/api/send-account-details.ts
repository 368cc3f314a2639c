import { LOOKUP_BASE, RequestPasswordResultSchema } from '@portal/contracts/account-lookup';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(RequestPasswordResultSchema);

/** SPEC §7 `POST .../lookup/request-password?method=email`: mails the account details. */
export async function sendAccountDetails(token: string) {
  const { data } = await postJson(`${LOOKUP_BASE}/request-password`, {}, ResponseSchema, {
    token,
    query: { method: 'email' },
  });
  return data;
}

export const useSendAccountDetails = () => useMutation({ mutationFn: sendAccountDetails });
