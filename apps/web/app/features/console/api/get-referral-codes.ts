import { CONSOLE_ROUTES, ReferralCodeListSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ReferralCodeListSchema);

/** The referral codes, newest first. */
export async function getReferralCodes(signal?: AbortSignal) {
  const { data } = await getJson(CONSOLE_ROUTES.referralCodes, ResponseSchema, { signal });
  return data.items;
}

export const REFERRAL_CODES_KEY = ['console-codes'];

export const useReferralCodes = () =>
  useQuery({
    queryKey: REFERRAL_CODES_KEY,
    queryFn: ({ signal }) => getReferralCodes(signal),
  });
