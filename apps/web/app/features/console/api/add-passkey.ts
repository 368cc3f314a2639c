import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PasskeyCreationOptionsSchema,
  PasskeySchema,
  STAFF_PASSKEY_ROUTES,
  type Passkey,
} from '@portal/contracts/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { createPasskey, type PasskeyRefusal } from '~/auth/passkeys';
import { PASSKEYS_KEY } from './get-passkeys';

const OptionsSchema = dataEnvelope(PasskeyCreationOptionsSchema);
const ResponseSchema = dataEnvelope(PasskeySchema);

export type AddedPasskey = { ok: true; passkey: Passkey } | { ok: false; refusal: PasskeyRefusal };

/**
 * Adds a passkey: the API's options, the browser's new credential, the API's check. A person who
 * cancels in the browser's dialog gets the refusal back, not an error.
 */
export async function addPasskey(label: string): Promise<AddedPasskey> {
  const { data: options } = await postJson(
    STAFF_PASSKEY_ROUTES.registrationOptions,
    {},
    OptionsSchema,
  );
  const created = await createPasskey(options);
  if (!created.ok) return created;
  const { data } = await postJson(
    STAFF_PASSKEY_ROUTES.passkeys,
    { credential: created.response, ...(label ? { label } : {}) },
    ResponseSchema,
  );
  return { ok: true, passkey: data };
}

export function useAddPasskey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => addPasskey(label),
    onSuccess: () => queries.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
