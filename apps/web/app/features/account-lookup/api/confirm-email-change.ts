import { CHANGE_EMAIL_CONFIRM_PATH } from '@portal/contracts/account-lookup-paths';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { lookupContract } from '../lookup-contract';

/** Applies the change with both codes: the new address's and the contact on file's (decision 0017). */
export async function confirmEmailChange({
  token,
  code,
  codeCurrent,
}: {
  token: string;
  code: string;
  codeCurrent: string;
}) {
  const { ConfirmEmailChangeResultSchema } = await lookupContract();
  const { data } = await postJson(
    CHANGE_EMAIL_CONFIRM_PATH,
    { code, code_current: codeCurrent },
    dataEnvelope(ConfirmEmailChangeResultSchema),
    { token },
  );
  return data;
}

export const useConfirmEmailChange = () => useMutation({ mutationFn: confirmEmailChange });
