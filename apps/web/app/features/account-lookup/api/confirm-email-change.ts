import {
  CHANGE_EMAIL_CONFIRM_PATH,
  ConfirmEmailChangeResultSchema,
  dataEnvelope,
} from '@portal/contracts/account-lookup';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ConfirmEmailChangeResultSchema);

/** Applies the change with the code sent to the new address (decision 0017). */
export async function confirmEmailChange({ token, code }: { token: string; code: string }) {
  const { data } = await postJson(CHANGE_EMAIL_CONFIRM_PATH, { code }, ResponseSchema, { token });
  return data;
}

export const useConfirmEmailChange = () => useMutation({ mutationFn: confirmEmailChange });
