import { dataEnvelope } from '@portal/contracts/envelope';
import { PasskeyCreationOptionsSchema } from '@portal/contracts/passkeys';
import { PasskeyAddedSchema, SIGN_IN_METHODS_ROUTES } from '@portal/contracts/sign-in-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { createPasskey, type PasskeyRefusal } from '~/auth/passkeys';
import { SIGN_IN_METHODS_KEY } from './get-sign-in-methods';

const OptionsSchema = dataEnvelope(PasskeyCreationOptionsSchema);
const AddedSchema = dataEnvelope(PasskeyAddedSchema);

export type AddedPasskey =
  { ok: true; recoveryCodes: string[] | null } | { ok: false; refusal: PasskeyRefusal };

/** The API's options, the browser's new credential, the API's check (decision 0262). */
export async function addPasskey(label: string): Promise<AddedPasskey> {
  const { data: options } = await postJson(
    SIGN_IN_METHODS_ROUTES.passkeyOptions,
    {},
    OptionsSchema,
  );
  const created = await createPasskey(options);
  if (!created.ok) return created;
  const { data } = await postJson(
    SIGN_IN_METHODS_ROUTES.passkeys,
    { credential: created.response, ...(label ? { label } : {}) },
    AddedSchema,
  );
  return { ok: true, recoveryCodes: data.recovery_codes };
}

export function useAddPasskey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => addPasskey(label),
    onSuccess: () => queries.invalidateQueries({ queryKey: SIGN_IN_METHODS_KEY }),
  });
}
