import { CONSOLE_ROUTES, ReferralCodeItemSchema, consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { REFERRAL_CODES_KEY } from './get-referral-codes';

const ResponseSchema = dataEnvelope(ReferralCodeItemSchema);

/** Revokes a referral code: it no longer admits an office request. */
export async function revokeReferralCode(id: string) {
  const { data } = await postJson(
    consolePath(CONSOLE_ROUTES.revokeReferralCode, id),
    {},
    ResponseSchema,
  );
  return data;
}

export const useRevokeReferralCode = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeReferralCode(id),
    onSuccess: () => void queries.invalidateQueries({ queryKey: REFERRAL_CODES_KEY }),
  });
};
