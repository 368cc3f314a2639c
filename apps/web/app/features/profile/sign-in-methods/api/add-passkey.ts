import { PasskeyAddedSchema, SIGN_IN_METHODS_ROUTES } from '@portal/contracts/sign-in-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPasskeyAt } from '~/auth/api/add-passkey';
import { SIGN_IN_METHODS_KEY } from './get-sign-in-methods';

/** Adds the account holder's passkey (decision 0262); the answer holds new recovery codes, if any. */
export const addPasskey = (label: string) =>
  addPasskeyAt(
    { options: SIGN_IN_METHODS_ROUTES.passkeyOptions, passkeys: SIGN_IN_METHODS_ROUTES.passkeys },
    label,
    PasskeyAddedSchema,
  );

export function useAddPasskey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => addPasskey(label),
    onSuccess: () => queries.invalidateQueries({ queryKey: SIGN_IN_METHODS_KEY }),
  });
}
