import { LOOKUP_BASE } from '@portal/contracts/account-lookup-paths';
import { dataEnvelope } from '@portal/contracts/envelope';
import type { UserType } from '@portal/contracts/user-types';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { lookupContract } from '../lookup-contract';

/** SPEC §7 `POST .../lookup/{type}/request-account-creation`; a job creates the account. */
export async function requestAccountCreation({
  token,
  userType,
}: {
  token: string;
  userType: UserType;
}) {
  const { AccountCreationResultSchema } = await lookupContract();
  const { data } = await postJson(
    `${LOOKUP_BASE}/${userType}/request-account-creation`,
    {},
    dataEnvelope(AccountCreationResultSchema),
    { token },
  );
  return data;
}

export const useRequestAccountCreation = () => useMutation({ mutationFn: requestAccountCreation });
