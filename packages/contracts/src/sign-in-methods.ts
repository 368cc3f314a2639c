import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { PASSWORD_MAX_LENGTH } from './business-constants';
import { PasskeySchema } from './passkeys';
import { RESET_MESSAGES } from './password-reset';
import { SIGN_IN_MESSAGES } from './sign-in';

/**
 * A learning account's sign-in methods (decision 0269): the password, and an optional
 * second factor (an authenticator app, passkeys) with recovery codes; required of school admins
 * before their sensitive actions.
 */
export const SIGN_IN_METHODS_ROUTES = {
  overview: '/profile/v1/sign-in-methods',
  /** POST: a new secret for the app (pending until confirmed). */
  totpStart: '/profile/v1/sign-in-methods/totp/start',
  totpConfirm: '/profile/v1/sign-in-methods/totp/confirm',
  totpRemove: '/profile/v1/sign-in-methods/totp/remove',
  passkeyOptions: '/profile/v1/sign-in-methods/passkeys/registration-options',
  passkeys: '/profile/v1/sign-in-methods/passkeys',
  passkeyRemove: '/profile/v1/sign-in-methods/passkeys/:id/remove',
  recoveryCodes: '/profile/v1/sign-in-methods/recovery-codes',
} as const;

export const SECOND_FACTOR_POLICY = {
  /**
   * A school admin's sensitive action (a student request, the initial-passwords CSV, a student's
   * password reset) needs a second factor checked within this many minutes; older, the web signs
   * the person in again (`max_age`).
   */
  schoolAdminMaxAgeMinutes: 30,
} as const;

export const SIGN_IN_METHODS_MESSAGES = {
  /** A wrong password or code when confirming a change, or a locked account: one answer. */
  confirmationFailed: 'Kata sandi atau kode tidak sesuai.',
  totpEnrolled: 'Aplikasi autentikator sudah terdaftar. Hapus dulu sebelum mendaftarkan yang baru.',
  noEnrolment: 'Pendaftaran aplikasi autentikator belum dimulai atau sudah berakhir.',
  notEnrolled: 'Anda belum memiliki faktor kedua.',
  /** The access hook: the token was made with a password alone. */
  secondFactorRequired:
    'Tindakan ini memerlukan faktor kedua. Daftarkan aplikasi autentikator atau passkey, lalu masuk kembali dengannya.',
  /** The access hook: the second factor was checked too long ago. */
  reauthenticationRequired:
    'Demi keamanan, masuk kembali dengan faktor kedua Anda untuk melanjutkan.',
} as const;

export const TotpCodeSchema = z
  .string({ error: ERROR_MESSAGES.required })
  .trim()
  .min(1, ERROR_MESSAGES.required)
  .regex(/^\d{6}$/, SIGN_IN_MESSAGES.codeFormat);

/** Proof it is the account holder changing a method: the password, or an app code. */
export const ConfirmationSchema = z.union([
  z.object({
    password: z
      .string({ error: ERROR_MESSAGES.required })
      .min(1, ERROR_MESSAGES.required)
      .refine(
        (value) => [...value].length <= PASSWORD_MAX_LENGTH,
        RESET_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH),
      ),
  }),
  z.object({ code: TotpCodeSchema }),
]);
export type Confirmation = z.infer<typeof ConfirmationSchema>;

export const ConfirmationBodySchema = z.object({ confirmation: ConfirmationSchema });

export const SignInMethodsSchema = z.object({
  /** The authenticator app, once confirmed; null when none. */
  totp: z.object({ enrolledAt: z.iso.datetime() }).nullable(),
  passkeys: z.array(PasskeySchema),
  /** Unused recovery codes; 0 without a second factor. */
  recoveryCodesLeft: z.number().int(),
  /** Whether the person runs a school: the second factor is required for its admin actions. */
  requiredForSchoolAdmin: z.boolean(),
});
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;

export const TotpStartSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** An SVG image of the otpauth URI, as a data URL. */
  qr_code: z.string(),
});

export const TotpConfirmBodySchema = z.object({ code: TotpCodeSchema });

/** New recovery codes, shown once: given with the first factor and when renewed. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()).nullable() });

export const PasskeyAddedSchema = z.object({
  passkey: PasskeySchema,
  recovery_codes: z.array(z.string()).nullable(),
});
