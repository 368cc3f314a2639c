import { LOOKUP_BASE } from '@portal/contracts/account-lookup-paths';
import { dataEnvelope } from '@portal/contracts/envelope';
import type { LookupRequest, LookupResult } from '@portal/contracts/account-lookup';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { lookupContract } from '../lookup-contract';

/**
 * SPEC §7 `POST .../lookup/{type}`: the path names the user type, the body the person; personal
 * data goes in the body, never in the URL.
 */
export async function lookupAccount({ userType, ...body }: LookupRequest): Promise<LookupResult> {
  const { LookupResultSchema } = await lookupContract();
  const { data } = await postJson(
    `${LOOKUP_BASE}/${userType}`,
    body,
    dataEnvelope(LookupResultSchema),
  );
  return data;
}

export const useLookupAccount = () => useMutation({ mutationFn: lookupAccount });
