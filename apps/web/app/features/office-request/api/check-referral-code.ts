import { dataEnvelope } from '@portal/contracts/envelope';
import { OFFICE_REQUEST_PATHS, ReferralCheckResultSchema } from '@portal/contracts/office-request';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ReferralCheckResultSchema);

/** Whether a referral code is valid: resolves when it is, an `ApiError` says why not. */
export async function checkReferralCode(code: string): Promise<true> {
  const { data } = await postJson(
    OFFICE_REQUEST_PATHS.referralCode,
    { referral_code: code },
    ResponseSchema,
  );
  return data.valid;
}

export const useCheckReferralCode = () => useMutation({ mutationFn: checkReferralCode });
