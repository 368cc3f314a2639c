import { dataEnvelope } from '@portal/contracts/envelope';
import {
  RecoveryCodesSchema,
  SIGN_IN_METHODS_ROUTES,
  TotpStartSchema,
} from '@portal/contracts/sign-in-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { SIGN_IN_METHODS_KEY } from './get-sign-in-methods';

const StartSchema = dataEnvelope(TotpStartSchema);
const ConfirmedSchema = dataEnvelope(RecoveryCodesSchema);

/** A new secret for the authenticator app (QR code and key), pending until confirmed. */
export async function startAuthenticator() {
  const { data } = await postJson(SIGN_IN_METHODS_ROUTES.totpStart, {}, StartSchema);
  return data;
}

/** The app's first code confirms it; the first second factor brings the recovery codes. */
export async function confirmAuthenticator(code: string) {
  const { data } = await postJson(
    SIGN_IN_METHODS_ROUTES.totpConfirm,
    { code },
    ConfirmedSchema,
    {},
  );
  return data.recovery_codes;
}

export const useStartAuthenticator = () => useMutation({ mutationFn: () => startAuthenticator() });

export function useConfirmAuthenticator() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => confirmAuthenticator(code),
    onSuccess: () => queries.invalidateQueries({ queryKey: SIGN_IN_METHODS_KEY }),
  });
}
