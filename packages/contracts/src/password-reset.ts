import { z } from 'zod';
import { BirthDateSchema, LOOKUP_BASE } from './account-lookup';
import { ERROR_MESSAGES } from './api-error';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './business-constants';

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
  codeDigits: 6,
  emailCodeMinutes: 30,
  smsCodeMinutes: 10,
  maxWrongCodes: 5,
  resendCooldownSeconds: 60,
  maxSendsPerHour: 5,
  lockHours: 2,
  /** Between a verified code and the new password. */
  verifiedMinutes: 15,
  /** From verify to the end of the whole reset. */
  sessionMinutes: 60,
} as const;

/** SPEC §7: the learning account address travels as `<product>idEmail`, e.g. `belajaridEmail`. */
export const accountEmailField = (productName: string): string => `${productName}idEmail`;

const required = ERROR_MESSAGES.required;

export const AccountEmailSchema = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254)
  .pipe(z.email('Format email tidak valid.'))
  .transform((value) => value.toLowerCase());

/** The verify body, with the account address under its product-specific name. */
export const resetVerifyBodySchema = (productName: string) =>
  z
    .object({
      [accountEmailField(productName)]: AccountEmailSchema,
      dob: BirthDateSchema,
      altcha: z.string().max(8_000).optional(),
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
  token: z.string({ error: required }).min(1, required).max(200),
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
  .regex(/^\d{6}$/, 'Kode OTP terdiri dari 6 angka.');

export const ValidateOtpBodySchema = z.object({
  session_id: z.string({ error: required }).min(1, required).max(200),
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
    `Kata sandi minimal ${PASSWORD_MIN_LENGTH} karakter.`,
  )
  .refine(
    (value) => [...value].length <= PASSWORD_MAX_LENGTH,
    `Kata sandi maksimal ${PASSWORD_MAX_LENGTH} karakter.`,
  );

export const SetPasswordBodySchema = z
  .object({
    session_id: z.string({ error: required }).min(1, required).max(200),
    password: NewPasswordSchema,
    password_confirmation: z.string({ error: required }).min(1, required),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Konfirmasi kata sandi tidak sama.',
  });
export const SetPasswordResultSchema = z.object({ done: z.literal(true) });

export const RESET_MESSAGES = {
  notEligible: 'Data email belum terdaftar di Dapodik.',
  phoneNotEligible: 'Nomor telepon belum terdaftar di Dapodik.',
  sessionInvalid: 'Sesi atur ulang kata sandi tidak valid atau sudah berakhir. Silakan mulai lagi.',
  cooldown: (seconds: number) => `Tunggu ${seconds} detik sebelum meminta kode baru.`,
  locked: (minutes: number) =>
    `Kode sudah diminta terlalu sering. Coba lagi dalam ${minutes >= 60 ? `${Math.ceil(minutes / 60)} jam` : `${minutes} menit`}.`,
  codeInvalid: (left: number) => `Kode OTP salah. Sisa percobaan: ${left}.`,
  codeEnded: 'Kode OTP salah 5 kali. Silakan mulai lagi dari awal.',
  codeExpired: 'Kode OTP sudah tidak berlaku. Minta kode baru.',
  notVerified: 'Verifikasi kode OTP terlebih dahulu.',
  commonPassword: 'Kata sandi ini terlalu umum dan mudah ditebak. Pilih kata sandi lain.',
  passwordIsAccount: 'Kata sandi tidak boleh sama dengan alamat akun.',
  busy: 'Layanan sedang sibuk. Silakan coba lagi sebentar lagi.',
} as const;
