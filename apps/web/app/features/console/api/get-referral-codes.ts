import { CONSOLE_ROUTES, ReferralCodeListSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(ReferralCodeListSchema);

/** The referral codes, newest first. */
export async function getReferralCodes(token: string, signal?: AbortSignal) {
  const { data } = await getJson(CONSOLE_ROUTES.referralCodes, ResponseSchema, { token, signal });
  return data.items;
}

export const REFERRAL_CODES_KEY = ['console-codes'];

const referralCodes = (token: string) =>
  queryOptions({
    queryKey: REFERRAL_CODES_KEY,
    queryFn: ({ signal }) => getReferralCodes(token, signal),
  });

export const useReferralCodes = (token: string) => useQuery(referralCodes(token));

/**
 * Whether this account is staff: the same call, which the API answers 403 to anyone else.
 * Asked once, not retried, before the console shows anything.
 */
export const useStaffCheck = (token: string) => useQuery({ ...referralCodes(token), retry: false });
