import { dataEnvelope } from '@portal/contracts/envelope';
import {
  SIGN_IN_METHODS_ROUTES,
  SignInMethodsSchema,
  type SignInMethods,
} from '@portal/contracts/sign-in-methods';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '~/api/api-client';

const ResponseSchema = dataEnvelope(SignInMethodsSchema);
export const SIGN_IN_METHODS_KEY = ['sign-in-methods'] as const;

/** The account's second factors and recovery codes left. */
export async function getSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  const { data } = await getJson(SIGN_IN_METHODS_ROUTES.overview, ResponseSchema, {
    signal,
  });
  return data;
}

export const useSignInMethods = () =>
  useQuery({
    queryKey: SIGN_IN_METHODS_KEY,
    queryFn: ({ signal }) => getSignInMethods(signal),
    retry: false,
  });
