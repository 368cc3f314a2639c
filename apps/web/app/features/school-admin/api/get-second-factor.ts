import { dataEnvelope } from '@portal/contracts/envelope';
import { SIGN_IN_METHODS_ROUTES, SignInMethodsSchema } from '@portal/contracts/sign-in-methods';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(SignInMethodsSchema);

/** Whether the account holds a second factor (an authenticator app or a passkey) by now. */
export async function holdsSecondFactor(signal?: AbortSignal): Promise<boolean> {
  const { data } = await getJson(SIGN_IN_METHODS_ROUTES.overview, ResponseSchema, {
    signal,
  });
  return data.totp !== null || data.passkeys.length > 0;
}

export const useHoldsSecondFactor = (enabled: boolean) =>
  useQuery({
    queryKey: ['school-admin', 'holds-second-factor'],
    queryFn: ({ signal }) => holdsSecondFactor(signal),
    enabled,
    retry: false,
  });
