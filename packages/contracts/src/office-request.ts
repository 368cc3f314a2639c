import { z } from 'zod';
import {
  BirthDateSchema,
  EmailAddressSchema,
  OfficeTypeSchema,
  PersonNameSchema,
} from './account-lookup';
import { ERROR_MESSAGES } from './api-error';
import { NewPasswordSchema } from './password-reset';
import { typedText } from './typed-text';
import { OFFICE_REQUEST_MESSAGES } from './office-request-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { OFFICE_REQUEST_MESSAGES } from './office-request-messages';

// Their own module, without schemas, for clients that only call the paths.
export {
  FILE_PARSE_FAILED,
  MAX_UPLOAD_BYTES,
  OFFICE_REQUEST_PATHS,
  PRIVATE_UPLOAD_PATH,
} from './office-request-paths';

export const CityQuerySchema = z.object({
  province: z.string().regex(/^\d{2}$/, OFFICE_REQUEST_MESSAGES.provinceInvalid),
});
export const CitySchema = z.object({ id: z.string(), name: z.string() });

/** Positions in an office, as the form offers them; `lainnya` asks for the position in words. */
export const OFFICE_REQUEST_POSITIONS = [
  { id: 'kepala-dinas', name: 'Kepala Dinas' },
  { id: 'sekretaris-dinas', name: 'Sekretaris Dinas' },
  { id: 'kepala-bidang', name: 'Kepala Bidang' },
  { id: 'kepala-seksi', name: 'Kepala Seksi' },
  { id: 'kepala-subbagian', name: 'Kepala Subbagian' },
  { id: 'pengawas-sekolah', name: 'Pengawas Sekolah' },
  { id: 'staf', name: 'Staf' },
  { id: 'lainnya', name: 'Lainnya' },
] as const;
export const PositionSchema = z.object({ id: z.string(), name: z.string() });

/** Platforms an office account may be given access to; Merdeka Mengajar among them (SPEC §2). */
export const OFFICE_REQUEST_PLATFORMS = [
  { id: 'merdeka-mengajar', platform_name: 'Merdeka Mengajar' },
  { id: 'rapor-pendidikan', platform_name: 'Rapor Pendidikan' },
  { id: 'siplah', platform_name: 'SIPLah' },
  { id: 'arkas', platform_name: 'ARKAS' },
  { id: 'dapodik', platform_name: 'Dapodik' },
  { id: 'google-workspace', platform_name: 'Google Workspace for Education' },
] as const;
export const PlatformSchema = z.object({ id: z.string(), platform_name: z.string() });

/** The words the office form shows for a position; an id it no longer offers stays as it is. */
export const positionName = (id: string): string =>
  OFFICE_REQUEST_POSITIONS.find((position) => position.id === id)?.name ?? id;
/** The words the office form shows for a platform; an id it no longer offers stays as it is. */
export const platformName = (id: string): string =>
  OFFICE_REQUEST_PLATFORMS.find((platform) => platform.id === id)?.platform_name ?? id;

export const ReferralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,32}$/, OFFICE_REQUEST_MESSAGES.referralFormat);
export const ReferralCheckBodySchema = z.object({ referral_code: ReferralCodeSchema });
/** A valid code's answer: how many uses it has left is the ministry's to know, not the public's. */
export const ReferralCheckResultSchema = z.object({
  valid: z.literal(true),
  expires_at: z.iso.datetime().nullable(),
});

const required = ERROR_MESSAGES.required;
const text = (max: number) =>
  typedText({ error: required })
    .trim()
    .min(1, required)
    .max(max, OFFICE_REQUEST_MESSAGES.textTooLong);
const UploadRefSchema = z
  .string()
  .regex(/^upload:[\w-]{22}$/, OFFICE_REQUEST_MESSAGES.uploadInvalid);

/**
 * The office request of SPEC §3 (the form held locally), with the fields SPEC §2 lists. The
 * applicant chooses the account's password here; the key makes a retry the same request.
 */
export const OfficeRequestBodySchema = z
  .object({
    /** Made by the form once (a UUID) and kept with it: a double click or a retry is one request. */
    requestKey: z.uuid(OFFICE_REQUEST_MESSAGES.requestKeyInvalid),
    name: PersonNameSchema,
    nik: z
      .string({ error: required })
      .trim()
      .regex(/^\d{16}$/, OFFICE_REQUEST_MESSAGES.nikFormat),
    birthDate: BirthDateSchema,
    motherName: PersonNameSchema,
    email: EmailAddressSchema,
    phone: z
      .string({ error: required })
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^(\+62|62|0)8[1-9]\d{6,11}$/, OFFICE_REQUEST_MESSAGES.phoneFormat)),
    province: z
      .string({ error: required })
      .regex(/^\d{2}$/, OFFICE_REQUEST_MESSAGES.provinceInvalid),
    /** Required for a regency or city office; ignored for a provincial one. */
    city: z
      .string()
      .regex(/^\d{2}\.\d{2}$/, OFFICE_REQUEST_MESSAGES.cityInvalid)
      .optional(),
    dinasType: OfficeTypeSchema,
    position: z.enum(
      OFFICE_REQUEST_POSITIONS.map((position) => position.id) as [string, ...string[]],
      OFFICE_REQUEST_MESSAGES.positionInvalid,
    ),
    positionOther: typedText().trim().max(100, OFFICE_REQUEST_MESSAGES.textTooLong).optional(),
    referralCode: ReferralCodeSchema,
    suratDinas: text(200),
    nomorSuratDinas: text(100),
    platform: z
      .array(
        z.enum(OFFICE_REQUEST_PLATFORMS.map((platform) => platform.id) as [string, ...string[]]),
        OFFICE_REQUEST_MESSAGES.platformRequired,
      )
      .min(1, OFFICE_REQUEST_MESSAGES.platformRequired)
      .max(OFFICE_REQUEST_PLATFORMS.length),
    /** The uploads: the official letter, and the education report when there is one. */
    document: z.object({
      letter: UploadRefSchema,
      educationReport: UploadRefSchema.optional(),
    }),
    password: NewPasswordSchema,
  })
  .superRefine((body, context) => {
    if (body.dinasType === 'kota_kabupaten' && !body.city) {
      context.addIssue({
        code: 'custom',
        path: ['city'],
        message: OFFICE_REQUEST_MESSAGES.cityInvalid,
      });
    }
    if (body.position === 'lainnya' && !body.positionOther) {
      context.addIssue({
        code: 'custom',
        path: ['positionOther'],
        message: OFFICE_REQUEST_MESSAGES.positionOtherRequired,
      });
    }
  });
export type OfficeRequestBody = z.infer<typeof OfficeRequestBodySchema>;

export const OfficeRequestResultSchema = z.object({
  /** `DNS-2026-000042`: what the applicant quotes to the help desk. */
  request_number: z.string(),
  status: z.enum(['submitted', 'approved', 'rejected']),
  /** Days the ministry takes to create the account (SPEC: about two weeks). */
  estimate_days: z.number().int(),
});

/** `data.data.url` of SPEC §7: an opaque reference to the stored file, never a public address. */
export const UploadResultSchema = z.object({ url: z.string() });
