import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { BIRTH_YEAR_OPTIONS } from './business-constants';
import { NpsnSchema, SchoolLevelSchema, UserTypeSchema, type UserType } from './user-types';
import { typedText } from './typed-text';
import { LOOKUP_MESSAGES } from './account-lookup-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { LOOKUP_MESSAGES } from './account-lookup-messages';
export {
  BOT_CHECK_CHALLENGE_PATH,
  CHANGE_EMAIL_CONFIRM_PATH,
  LOOKUP_BASE,
} from './account-lookup-paths';

const required = ERROR_MESSAGES.required;

/** A person's name as typed: letters required, at most 100 characters. */
export const PersonNameSchema = typedText({ error: required })
  .trim()
  .min(1, required)
  .max(100, LOOKUP_MESSAGES.nameTooLong)
  .regex(/\p{L}/u, LOOKUP_MESSAGES.nameWithoutLetters);

/** A birth date sent year-month-day (SPEC §5), within the picker's range of years. */
export const BirthDateSchema = z
  .string({ error: required })
  .min(1, required)
  .pipe(
    z.iso.date({ error: ERROR_MESSAGES.invalidDate, abort: true }).refine((value) => {
      const year = Number(value.slice(0, 4));
      const current = new Date().getUTCFullYear();
      return year <= current - 1 && year >= current - BIRTH_YEAR_OPTIONS;
    }, ERROR_MESSAGES.invalidDate),
  );

export const OfficeTypeSchema = z.enum(['provinsi', 'kota_kabupaten']);
export type OfficeType = z.infer<typeof OfficeTypeSchema>;

/** Province `11` or regency/city `11.01`. */
export const RegionCodeSchema = z
  .string({ error: required })
  .trim()
  .regex(/^\d{2}(\.\d{2})?$/, LOOKUP_MESSAGES.regionInvalid);

const personFields = {
  name: PersonNameSchema,
  birthDate: BirthDateSchema,
  motherName: PersonNameSchema,
  /** The ALTCHA payload (base64) of the bot check. */
  altcha: typedText().max(8_000).optional(),
};

const SchoolLookupBodySchema = z.object({ npsn: NpsnSchema, ...personFields });
const OfficeLookupBodySchema = z.object({
  regionCode: RegionCodeSchema,
  officeType: OfficeTypeSchema,
  ...personFields,
});

/**
 * The body of the lookup of SPEC §3 for the user type its path names (`.../lookup/{type}`):
 * offices name their region and office type instead of an NPSN. The path alone says the type.
 */
export const LOOKUP_BODY_SCHEMAS = {
  ptk: SchoolLookupBodySchema,
  pd: SchoolLookupBodySchema,
  dinas: OfficeLookupBodySchema,
} as const satisfies Record<UserType, z.ZodType>;

/** A lookup as the form and the service see it: the path's user type with its body. */
export const LookupRequestSchema = z.discriminatedUnion('userType', [
  SchoolLookupBodySchema.extend({ userType: z.literal('ptk') }),
  SchoolLookupBodySchema.extend({ userType: z.literal('pd') }),
  OfficeLookupBodySchema.extend({ userType: z.literal('dinas') }),
]);
export type LookupRequest = z.infer<typeof LookupRequestSchema>;

export const LookupAccountSchema = z.object({
  email: z.string(),
  kind: UserTypeSchema,
  school_level: SchoolLevelSchema.nullable(),
});

/** SPEC §3 lookup result, returned in `data` (read by the web as `response.data.data`). */
export const LookupResultSchema = z.object({
  token: z.string(),
  token_expires_in: z.number().int(),
  accounts: z.array(LookupAccountSchema),
  /** The personal e-mail on file, masked; null when there is none. */
  email: z.string().nullable(),
  email_eligible: z.boolean(),
  phone: z.string().nullable(),
  phone_eligible: z.boolean(),
  /** The person has no account yet and may request one now (ACCOUNT_CREATION on). */
  can_request_account: z.boolean(),
});
export type LookupResult = z.infer<typeof LookupResultSchema>;

export const SchoolSchema = z.object({
  npsn: z.string(),
  name: z.string(),
  level: SchoolLevelSchema,
  regency: z.string(),
  province: z.string(),
});
export type School = z.infer<typeof SchoolSchema>;

export const SchoolByNpsnQuerySchema = z.object({ npsn: NpsnSchema });
export const SchoolSearchQuerySchema = z.object({
  name: typedText().trim().min(3, LOOKUP_MESSAGES.schoolNameTooShort).max(100),
});
export const SCHOOL_SEARCH_LIMIT = 20;

export const DeliveryMethodSchema = z.enum(['email', 'phone']);
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>;

export const RequestPasswordQuerySchema = z.object({
  method: DeliveryMethodSchema.default('email'),
});
/** A body that may be left out entirely: Fastify hands an absent body over as null. */
const optionalBody = <T extends z.ZodObject>(schema: T) =>
  z.preprocess((value) => value ?? {}, schema);

export const RequestPasswordBodySchema = optionalBody(z.object({ token: typedText().optional() }));
export const TokenOnlyBodySchema = RequestPasswordBodySchema;
export const RequestPasswordResultSchema = z.object({
  method: DeliveryMethodSchema,
  sent_to: z.string(),
});

/** An e-mail address as typed: trimmed, lower-cased, at most 254 characters (RFC 5321). */
export const EmailAddressSchema = typedText({ error: required })
  .trim()
  .min(1, required)
  // Longer than an address can be: the same words as any other malformed one.
  .max(254, ERROR_MESSAGES.emailInvalid)
  .pipe(z.email(ERROR_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

export const ChangeEmailBodySchema = z.object({
  email: EmailAddressSchema,
  token: typedText().optional(),
});
export const ChangeEmailResultSchema = z.object({
  /** The new address, masked: one code went there. */
  email: z.string(),
  /** The contact already on file, masked: the other code went there. */
  current_sent_to: z.string(),
  expires_in: z.number().int(),
});

const sixDigitCode = z
  .string({ error: required })
  .trim()
  .regex(/^\d{6}$/, LOOKUP_MESSAGES.codeFormat);

/** Both codes: the one sent to the new address and the one sent to the contact on file. */
export const ConfirmEmailChangeBodySchema = z.object({
  code: sixDigitCode,
  code_current: sixDigitCode,
  token: typedText().optional(),
});
export const ConfirmEmailChangeResultSchema = z.object({ email: z.string() });

export const AccountCreationResultSchema = z.object({ status: z.enum(['queued', 'exists']) });
