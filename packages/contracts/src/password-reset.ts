import { z } from 'zod';
import { BirthDateSchema, LOOKUP_BASE } from './account-lookup';
import { ERROR_MESSAGES } from './api-error';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './business-constants';
import { CODE_POLICY } from './one-time-codes';
import { typedText } from './typed-text';
import { RESET_MESSAGES } from './password-reset-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { RESET_MESSAGES } from './password-reset-messages';

/** Paths of SPEC §7 under the API prefix. */
export const RESET_BASE = `${LOOKUP_BASE}/self-reset-password`;
export const RESET_PATHS = {
  verify: `${RESET_BASE}/verify`,
  sendOtp: `${RESET_BASE}/send-otp`,
  validateOtp: `${RESET_BASE}/validate-otp`,
  setPassword: RESET_BASE,
} as const;

/** The policy of DESIGN.md: the numbers the API enforces and the web shows. */
export const RESET_POLICY = {
  ...CODE_POLICY,
  /** Between a verified code and the new password. */
  verifiedMinutes: 15,
  /** From verify to the end of the whole reset. */
  sessionMinutes: 60,
} as const;

/** SPEC §7: the learning account address travels as `<product>idEmail`, e.g. `belajaridEmail`. */
export const accountEmailField = (productName: string): string => `${productName}idEmail`;

/** How long a locked address waits, in whole hours from an hour on, else in minutes. */
export const resetLockedMessage = (minutes: number): string =>
  minutes >= 60
    ? RESET_MESSAGES.lockedHours(Math.ceil(minutes / 60))
    : RESET_MESSAGES.lockedMinutes(minutes);

const required = ERROR_MESSAGES.required;

export const AccountEmailSchema = typedText({ error: required })
  .trim()
  .min(1, required)
  // Longer than an address can be (RFC 5321): the same words as any other malformed one.
  .max(254, ERROR_MESSAGES.emailInvalid)
  .pipe(z.email(ERROR_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

/** The verify body, with the account address under its product-specific name. */
export const resetVerifyBodySchema = (productName: string) =>
  z
    .object({
      [accountEmailField(productName)]: AccountEmailSchema,
      dob: BirthDateSchema,
      altcha: typedText().max(8_000).optional(),
    })
    .transform((body) => ({
      accountEmail: body[accountEmailField(productName)] as string,
      dob: body['dob'] as string,
      altcha: body['altcha'] as string | undefined,
    }));

export const ResetVerifyResultSchema = z.object({
  token: z.string(),
  email: z.string().nullable(),
  email_eligible: z.boolean(),
  phone: z.string().nullable(),
  phone_eligible: z.boolean(),
});
export type ResetVerifyResult = z.infer<typeof ResetVerifyResultSchema>;

export const ResetMethodSchema = z.enum(['email', 'phone']);
export type ResetMethod = z.infer<typeof ResetMethodSchema>;

export const SendOtpBodySchema = z.object({
  token: typedText({ error: required }).min(1, required).max(200),
  metode: ResetMethodSchema.default('email'),
});
export const SendOtpResultSchema = z.object({
  session_id: z.string(),
  metode: ResetMethodSchema,
  sent_to: z.string(),
  expires_in: z.number().int(),
  resend_in: z.number().int(),
  attempts_left: z.number().int(),
});
export type SendOtpResult = z.infer<typeof SendOtpResultSchema>;

export const OtpSchema = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .regex(/^\d{6}$/, RESET_MESSAGES.codeFormat);

export const ValidateOtpBodySchema = z.object({
  session_id: typedText({ error: required }).min(1, required).max(200),
  otp: OtpSchema,
});
export const ValidateOtpResultSchema = z.object({
  verified: z.literal(true),
  expires_in: z.number().int(),
});

/** A new password: 8 to 128 characters of any kind (DESIGN.md); paste allowed. */
export const NewPasswordSchema = z
  .string({ error: required })
  .min(1, required)
  .refine(
    (value) => [...value].length >= PASSWORD_MIN_LENGTH,
    RESET_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH),
  )
  .refine(
    (value) => [...value].length <= PASSWORD_MAX_LENGTH,
    RESET_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH),
  );

export const SetPasswordBodySchema = z
  .object({
    session_id: typedText({ error: required }).min(1, required).max(200),
    password: NewPasswordSchema,
    password_confirmation: z.string({ error: required }).min(1, required),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: RESET_MESSAGES.passwordMismatch,
  });
export const SetPasswordResultSchema = z.object({ done: z.literal(true) });
