import { CONSOLE_ROUTES, ReferralCodeItemSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { REFERRAL_CODES_KEY } from './get-referral-codes';

const ResponseSchema = dataEnvelope(ReferralCodeItemSchema);

export type NewReferralCode = { maxUses: number; expiresAt?: string };

/** A new referral code with a use limit and maybe an end. */
export async function createReferralCode(body: NewReferralCode) {
  const { data } = await postJson(CONSOLE_ROUTES.referralCodes, body, ResponseSchema);
  return data;
}

export const useCreateReferralCode = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NewReferralCode) => createReferralCode(body),
    onSuccess: () => void queries.invalidateQueries({ queryKey: REFERRAL_CODES_KEY }),
  });
};
