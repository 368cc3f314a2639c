import { dataEnvelope } from '@portal/contracts/envelope';
import {
  RESET_PATHS,
  ResetVerifyResultSchema,
  accountEmailField,
} from '@portal/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { brand } from '~/config';

export type VerifyResetInput = { accountEmail: string; birthDate: string; altcha: string };

/** Field names of the verify body, to put a server's field error on the right input. */
export const VERIFY_FIELDS = { accountEmail: accountEmailField(brand.productName), dob: 'dob' };

/**
 * The reset lookup (SPEC §7): account address and birth date (year-month-day) in the body, never
 * the URL. Unknown account, wrong date and no contact all answer the same: nothing eligible.
 */
export async function verifyResetAccount(input: VerifyResetInput) {
  const { data } = await postJson(
    RESET_PATHS.verify,
    {
      [VERIFY_FIELDS.accountEmail]: input.accountEmail,
      dob: input.birthDate,
      altcha: input.altcha,
    },
    dataEnvelope(ResetVerifyResultSchema),
  );
  return data;
}

export const useVerifyResetAccount = () => useMutation({ mutationFn: verifyResetAccount });
