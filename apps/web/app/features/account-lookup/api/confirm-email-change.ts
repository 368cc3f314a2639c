import {
  CHANGE_EMAIL_CONFIRM_PATH,
  ConfirmEmailChangeResultSchema,
} from '@portal/contracts/account-lookup';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ConfirmEmailChangeResultSchema);

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
  const { data } = await postJson(
    CHANGE_EMAIL_CONFIRM_PATH,
    { code, code_current: codeCurrent },
    ResponseSchema,
    { token },
  );
  return data;
}

export const useConfirmEmailChange = () => useMutation({ mutationFn: confirmEmailChange });
