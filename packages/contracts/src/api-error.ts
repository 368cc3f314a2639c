import { z } from 'zod';

/**
 * Every error body carries its user-facing text in each place SPEC §8 says a client reads it:
 * `error.message` (with `error.description`), `message`, and `errors[0].message`; beside the
 * text, `error.id` says what went wrong and `error.attempts_left` / `error.retry_after` carry
 * the numbers the text states.
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

/**
 * What went wrong, for programs: one stable id per kind of error, beside the message written
 * for people. A client chooses its own words and behaviour by the id, never by the message.
 * Keys are the ids; values say when each is answered (they document the OpenAPI).
 */
export const ERROR_IDS = {
  validation_failed: 'A value is missing or malformed; `errors` names each field.',
  bad_request: 'The request could not be read.',
  unauthorized: 'No valid credentials or session.',
  forbidden: 'Not allowed for this caller.',
  cross_site_request:
    "A change sent with the portal's session cookie from another site (its `Origin` or `Sec-Fetch-Site`).",
  not_found: 'No such route or data.',
  payload_too_large: 'The body is too large.',
  unsupported_media_type: 'The body is not JSON.',
  rate_limited: 'Too many requests; `retry_after` says when to try again.',
  service_unavailable: 'A dependency is down or the service is busy.',
  internal: 'An unexpected fault; nothing more is told.',
  bot_check_failed: 'The bot check (altcha) was missing, wrong or used.',
  lookup_not_found: 'No person matches the lookup, or the person is gone.',
  lookup_dinas_off: 'Office lookups are switched off.',
  lookup_session_invalid: 'The lookup token is missing, wrong or expired.',
  lookup_no_account: 'The person has no learning account yet.',
  school_not_found: 'No school has the NPSN.',
  no_personal_email: 'No personal e-mail is on file for the chosen delivery.',
  no_phone: 'No phone number is on file (or SMS is off) for the chosen delivery.',
  phone_delivery_off: 'Delivery by phone is switched off.',
  account_creation_off: 'Account requests are switched off.',
  account_creation_not_for_type: 'This user type cannot request its own account.',
  code_send_cooldown: 'A code was sent moments ago; `retry_after` says when to ask again.',
  code_sends_locked: 'Codes were asked for too often; `retry_after` says when the lock ends.',
  code_entries_locked: 'Too many wrong codes; `retry_after` says when the lock ends.',
  email_change_same_email: 'The new e-mail is the one on file.',
  email_change_no_contact: 'No contact on file can approve an e-mail change.',
  email_change_code_expired: 'No open e-mail change, or its codes expired.',
  email_change_new_code_invalid:
    'The code sent to the new e-mail (`code`) is wrong; `attempts_left` counts what remains.',
  email_change_old_code_invalid:
    'The code sent to the contact on file (`code_current`) is wrong; `attempts_left` as above.',
  email_change_codes_invalid: 'Both codes are wrong; `attempts_left` as above.',
  email_change_attempts_used_up: 'The codes were wrong too often (`attempts_left` is 0).',
  profile_password_wrong:
    "The current password given to change it (signed in) is wrong; it counts toward the sign-in's lock.",
  profile_password_locked:
    'Too many wrong passwords: the account is locked for sign-in and changes; `retry_after` says when it ends.',
  profile_session_not_found: 'No such session of the signed-in account (ended already).',
  reset_session_invalid: 'The reset token or session is missing, wrong or expired.',
  reset_code_invalid: 'The reset code is wrong; `attempts_left` counts what remains.',
  reset_attempts_used_up: 'The reset code was wrong too often (`attempts_left` is 0).',
  reset_code_expired: 'The reset code expired or was replaced.',
  reset_not_verified: 'The new password came before a verified code.',
  reset_password_common: 'A new password (a reset or a first sign-in) is a common one.',
  reset_password_is_account: 'A new password (a reset or a first sign-in) is the account address.',
  reset_password_reused:
    'A new password (a reset or a first sign-in) is the current one, or the initial one it replaces.',
  sign_in_failed: 'The account address or the password is wrong (or the account is locked).',
  sign_in_code_invalid:
    'The authenticator code or recovery code is wrong (or the account is locked), at sign-in; or the first code of an app being enrolled is wrong.',
  passkey_refused:
    'A passkey did not verify (its challenge, origin or user verification; an unknown passkey; a lock).',
  passkey_not_found: 'No such passkey of the signed-in account.',
  passkey_limit: 'The account holds as many passkeys as it may; remove one first.',
  staff_not_found: 'No such staff member.',
  staff_exists: 'The address has a staff account already.',
  staff_not_invited: 'The staff member accepted their invitation already.',
  staff_self_change:
    'A staff admin tried to change their own roles, status or second factor (another admin must).',
  staff_last_admin: 'The change would leave no active staff admin.',
  staff_invitation_invalid: 'The invitation link is wrong, used or expired.',
  staff_role_missing:
    "The signed-in staff member's roles do not include the console section of the route.",
  not_school_admin: "The signed-in account is not this school's principal or operator.",
  second_factor_required:
    'The route needs a sign-in with a second factor (the token says `acr` AAL1: a password alone).',
  reauthentication_required:
    'The second factor was checked too long ago (`auth_time`); sign in again (`max_age`).',
  confirmation_failed:
    'The password or code confirming a change of sign-in methods is wrong (or the account is locked).',
  totp_already_enrolled: 'An authenticator app is enrolled already; remove it first.',
  totp_no_enrolment: 'No authenticator enrolment is pending for the account.',
  second_factor_not_enrolled: 'The account holds no second factor.',
  students_not_requestable:
    'A selected student cannot be requested (not of the school, already requested, a gap in the record).',
  request_not_found: 'No such request of this school.',
  request_not_finished: 'The request is still being processed.',
  school_account_not_found: 'No such student account of this school.',
  badges_not_selectable:
    'A selected student cannot get a badge (not a current student of the school with an active student account).',
  badge_batch_not_found: 'No such badge batch of this school.',
  badge_batch_not_finished: 'The badges of the batch are still being made.',
  badge_pdf_gone:
    "The batch's cards were downloaded already or their time ran out; make new badges.",
  badge_not_found: 'No such live badge of this school.',
  file_unreadable: 'The upload is not a readable PDF (by its name, content or structure).',
  referral_unknown: 'No such referral code.',
  referral_revoked: 'The referral code was revoked.',
  referral_expired: 'The referral code has expired.',
  referral_used_up: 'The referral code has no uses left.',
  request_already_decided: 'The office request was already approved or rejected.',
  toggle_changed_meanwhile: 'The toggle or setting changed since the console showed it.',
  login_off: 'Signing in with a learning account is switched off (the LOGIN toggle).',
  badge_unknown: 'No live badge has this QR code, or this short code with this NPSN.',
  badge_ended: 'The badge was ended by the school, or its student left the school in the registry.',
  badge_locked:
    'Too many wrong short codes from this address; `retry_after` says when the lock ends.',
  badge_not_allowed:
    "The platform's registration does not allow badge sign-in (the portal's own pages never do).",
  badge_not_student: "The badge's account is not a student's (PD): only students sign in with one.",
  badge_session_refused:
    'The token comes from a badge sign-in: it may not reach the portal or change the account.',
  announcement_not_found: 'No such announcement.',
  deletion_link_invalid: "The deletion notice's report link is wrong.",
  deletion_report_too_late: 'The report came more than 5 days after the stated deletion date.',
  deletion_already_reported: 'The deletion was reported already and waits for a decision.',
  deletion_cancelled: 'The deletion was cancelled; there is nothing to report.',
  deletion_not_reported:
    'The deletion is not waiting for a decision (decided already, or never reported).',
  deletion_not_found: 'No such deletion.',
  platform_not_found: 'No such platform (OpenID client).',
  platform_client_id_taken: 'Another platform has this client id.',
  platform_no_secret: 'The platform does not authenticate with a client secret.',
  platform_not_connected: 'The platform holds no grant of the signed-in person.',
} as const;
export type ErrorId = keyof typeof ERROR_IDS;

export const ErrorIdSchema = z.enum(Object.keys(ERROR_IDS) as [ErrorId, ...ErrorId[]]).meta({
  description: `Stable id of the error. ${Object.entries(ERROR_IDS)
    .map(([id, when]) => `\`${id}\`: ${when}`)
    .join(' ')}`,
});

export const FieldErrorSchema = z.object({
  /** The form field, dotted for nested fields (`platform.0`); empty for the whole request. */
  field: z.string(),
  message: z.string(),
});

export const ApiErrorBodySchema = z.object({
  message: z.string(),
  error: z.object({
    code: ErrorCodeSchema,
    id: ErrorIdSchema,
    message: z.string(),
    description: z.string().optional(),
    /** Wrong entries left on a one-time code, when the error is about a wrong code. */
    attempts_left: z.number().int().min(0).optional(),
    /** Seconds until trying again makes sense, on `RATE_LIMITED` errors (as `retry-after`). */
    retry_after: z.number().int().min(0).optional(),
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
  crossSite: 'Permintaan dari situs lain ditolak. Buka portal ini langsung, lalu coba lagi.',
} as const;

// zod's own messages (a wrong type, an unknown option, a string too long) reach users as well:
// Indonesian from zod's locale, and a missing value in the words of SPEC §5. Set here because
// every schema of the contracts imports this module, on the web and in the API alike.
z.config(z.locales.id());
z.config({
  customError: (issue) => (issue.input === undefined ? ERROR_MESSAGES.required : undefined),
});

/** The id and numbers of an error body; null for what the body lacks or a client does not know. */
export type ErrorFacts = {
  id: ErrorId | null;
  attemptsLeft: number | null;
  retryAfter: number | null;
};

/** Reads an error body's id and numbers, so a client never reads them from the message. */
export function readErrorFacts(body: unknown): ErrorFacts {
  const parsed = z
    .object({
      error: z.object({
        id: z.unknown().optional(),
        attempts_left: z.unknown().optional(),
        retry_after: z.unknown().optional(),
      }),
    })
    .safeParse(body);
  const error = parsed.success ? parsed.data.error : {};
  const count = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
  // An id from a newer server is unknown here: the client then shows the message as it came.
  const id = ErrorIdSchema.safeParse(error.id);
  return {
    id: id.success ? id.data : null,
    attemptsLeft: count(error.attempts_left),
    retryAfter: count(error.retry_after),
  };
}

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
