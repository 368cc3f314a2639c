import { dataEnvelope } from '@portal/contracts/envelope';
import { PasskeyListSchema, STAFF_PASSKEY_ROUTES, type Passkey } from '@portal/contracts/passkeys';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(PasskeyListSchema);
export const PASSKEYS_KEY = ['console-passkeys'] as const;

/** The signed-in staff member's passkeys, oldest first. */
export async function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  const { data } = await getJson(STAFF_PASSKEY_ROUTES.passkeys, ResponseSchema, { signal });
  return data.items;
}

export const usePasskeys = () =>
  useQuery({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => getPasskeys(signal) });
