import { AccountCreationResultSchema, LOOKUP_BASE } from '@portal/contracts/account-lookup';
import { dataEnvelope } from '@portal/contracts/envelope';
import type { UserType } from '@portal/contracts/user-types';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(AccountCreationResultSchema);

/** SPEC §7 `POST .../lookup/{type}/request-account-creation`; a job creates the account. */
export async function requestAccountCreation({
  token,
  userType,
}: {
  token: string;
  userType: UserType;
}) {
  const { data } = await postJson(
    `${LOOKUP_BASE}/${userType}/request-account-creation`,
    {},
    ResponseSchema,
    { token },
  );
  return data;
}

export const useRequestAccountCreation = () => useMutation({ mutationFn: requestAccountCreation });
