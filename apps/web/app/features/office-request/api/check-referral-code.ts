import { dataEnvelope } from '@portal/contracts/envelope';
import { OFFICE_REQUEST_PATHS } from '@portal/contracts/office-request-paths';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { officeRequestContract } from '../office-request-contract';

/** Whether a referral code is valid: resolves when it is, an `ApiError` says why not. */
export async function checkReferralCode(code: string): Promise<true> {
  const { ReferralCheckResultSchema } = await officeRequestContract();
  const { data } = await postJson(
    OFFICE_REQUEST_PATHS.referralCode,
    { referral_code: code },
    dataEnvelope(ReferralCheckResultSchema),
  );
  return data.valid;
}

export const useCheckReferralCode = () => useMutation({ mutationFn: checkReferralCode });
