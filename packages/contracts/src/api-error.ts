import { z } from 'zod';

/**
 * Every error body carries its user-facing text in each place SPEC §8 says a client reads it:
 * `error.message` (with `error.description`), `message`, and `errors[0].message`.
 */
export const ErrorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'RATE_LIMITED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_REQUEST',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldErrorSchema = z.object({
  /** The form field, dotted for nested fields (`platform.0`); empty for the whole request. */
  field: z.string(),
  message: z.string(),
});

export const ApiErrorBodySchema = z.object({
  message: z.string(),
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    description: z.string().optional(),
  }),
  errors: z.array(FieldErrorSchema),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** User-facing messages of SPEC §8, in Indonesian. */
export const ERROR_MESSAGES = {
  generic: 'Terjadi kesalahan. Silahkan coba lagi.',
  dataInvalid: 'Data yang Anda masukkan salah. Mohon periksa kembali.',
  required: 'Wajib Diisi',
  invalidDate: 'Tanggal Tidak Valid',
  emailInvalid: 'Format email tidak valid.',
  accountNotFound: 'Akun tidak ditemukan',
  notFound: 'Halaman atau data yang Anda cari tidak ditemukan.',
  rateLimited: 'Terlalu banyak permintaan. Silakan tunggu sebentar lalu coba lagi.',
  unavailable: 'Layanan sedang tidak tersedia. Silakan coba beberapa saat lagi.',
  payloadTooLarge: 'Data yang dikirim terlalu besar.',
  unsupportedMediaType: 'Format data tidak didukung.',
  unauthorized: 'Sesi Anda tidak valid atau sudah berakhir. Silakan ulangi dari awal.',
  forbidden: 'Anda tidak memiliki akses ke data ini.',
} as const;

// zod's own messages (a wrong type, an unknown option, a string too long) reach users as well:
// Indonesian from zod's locale, and a missing value in the words of SPEC §5. Set here because
// every schema of the contracts imports this module, on the web and in the API alike.
z.config(z.locales.id());
z.config({
  customError: (issue) => (issue.input === undefined ? ERROR_MESSAGES.required : undefined),
});

/** Reads the message a user should see from any error body, in the order of SPEC §8. */
export function readErrorMessage(body: unknown, transportMessage: string): string {
  const parsed = z
    .object({
      error: z.object({ message: z.string(), description: z.string().optional() }).optional(),
      message: z.string().optional(),
      errors: z.array(z.object({ message: z.string() })).optional(),
    })
    .safeParse(body);
  if (parsed.success) {
    const { error, message, errors } = parsed.data;
    if (error) return error.description ? `${error.message} ${error.description}` : error.message;
    if (message) return message;
    if (errors?.[0]) return errors[0].message;
  }
  return transportMessage;
}
