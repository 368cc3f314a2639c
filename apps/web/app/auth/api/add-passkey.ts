import { dataEnvelope } from '@portal/contracts/envelope';
import { PasskeyCreationOptionsSchema } from '@portal/contracts/passkeys';
import type { z } from 'zod';
import { postJson } from '~/api/api-client';
import { createPasskey, type PasskeyRefusal } from '../passkeys';

const OptionsSchema = dataEnvelope(PasskeyCreationOptionsSchema);

/** A passkey made, with the API's answer, or the browser's refusal (a cancelled dialog, say). */
export type AddedPasskey<T> = { ok: true; added: T } | { ok: false; refusal: PasskeyRefusal };

/**
 * Adds a passkey, the same three steps for the account holder and for staff, each at their own
 * routes: the API's options, the browser's new credential, the API's check of it. A person who
 * cancels in the browser's dialog gets the refusal back, not an error. `answer` is the schema
 * of the API's answer inside its data envelope.
 */
export async function addPasskeyAt<T>(
  routes: { options: string; passkeys: string },
  label: string,
  answer: z.ZodType<T>,
): Promise<AddedPasskey<T>> {
  const { data: options } = await postJson(routes.options, {}, OptionsSchema);
  const created = await createPasskey(options);
  if (!created.ok) return created;
  const { data } = await postJson(
    routes.passkeys,
    { credential: created.response, ...(label ? { label } : {}) },
    dataEnvelope(answer),
  );
  return { ok: true, added: data };
}
