import { PasskeySchema, STAFF_PASSKEY_ROUTES } from '@portal/contracts/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPasskeyAt } from '~/auth/api/add-passkey';
import { PASSKEYS_KEY } from './get-passkeys';

/** Adds a staff member's passkey; the answer is the passkey. */
export const addPasskey = (label: string) =>
  addPasskeyAt(
    { options: STAFF_PASSKEY_ROUTES.registrationOptions, passkeys: STAFF_PASSKEY_ROUTES.passkeys },
    label,
    PasskeySchema,
  );

export function useAddPasskey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => addPasskey(label),
    onSuccess: () => queries.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
