import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { typedText } from './typed-text';
import { PASSKEY_POLICY, PASSKEY_MESSAGES } from './passkeys-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { PASSKEY_POLICY, PASSKEY_MESSAGES } from './passkeys-messages';

/** A staff member's own passkeys, in the console. */
export const STAFF_PASSKEY_ROUTES = {
  passkeys: '/console/v1/passkeys',
  registrationOptions: '/console/v1/passkeys/registration-options',
  remove: '/console/v1/passkeys/:id/remove',
} as const;

const base64url = (max: number) =>
  z
    .string({ error: ERROR_MESSAGES.dataInvalid })
    .max(max, ERROR_MESSAGES.dataInvalid)
    .regex(/^[A-Za-z0-9_-]*$/, ERROR_MESSAGES.dataInvalid);

/** How a browser may reach an authenticator, as WebAuthn names the ways today. */
export const PASSKEY_TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const;
const TransportSchema = z.enum(PASSKEY_TRANSPORTS);
const UserVerificationSchema = z.enum(['discouraged', 'preferred', 'required']);
const CredentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(TransportSchema).optional(),
});

/** What the browser's `navigator.credentials.create()` is asked (WebAuthn's JSON form). */
export const PasskeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(CredentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: UserVerificationSchema.optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptionsSchema>;

/** What the browser's `navigator.credentials.get()` is asked. */
export const PasskeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptorSchema).optional(),
  userVerification: UserVerificationSchema.optional(),
});
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptionsSchema>;

const credentialFields = {
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key', { error: ERROR_MESSAGES.dataInvalid }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
  }),
};

/** The new credential as the browser answers `create()` (its JSON form). */
export const PasskeyRegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(24_000),
    authenticatorData: base64url(24_000).optional(),
    // Any name: a browser may know transports this list does not (the server keeps known ones).
    transports: z.array(typedText().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4_000).optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponseSchema>;

/** A signed challenge as the browser answers `get()`. */
export const PasskeyAuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(4_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponseSchema>;

/** A new passkey: the browser's answer and the name its owner gives it (optional). */
export const PasskeyRegistrationBodySchema = z.object({
  credential: PasskeyRegistrationResponseSchema,
  label: typedText()
    .trim()
    .max(
      PASSKEY_POLICY.labelMaxLength,
      PASSKEY_MESSAGES.labelTooLong(PASSKEY_POLICY.labelMaxLength),
    )
    .optional(),
});
export type PasskeyRegistrationBody = z.infer<typeof PasskeyRegistrationBodySchema>;

/** A passkey as its owner sees it: no key material, no credential id. */
export const PasskeySchema = z.object({
  id: z.string(),
  /** The owner's name for it; null when none was given (the page names it by its date). */
  label: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.object({ items: z.array(PasskeySchema) });

export const PasskeyIdParamsSchema = z.object({
  id: z.string().regex(/^\d{1,18}$/, ERROR_MESSAGES.dataInvalid),
});
