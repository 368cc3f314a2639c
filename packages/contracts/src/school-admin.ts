import { z } from 'zod';
import { LOOKUP_BASE } from './account-lookup';
import { ERROR_MESSAGES } from './api-error';
import { NpsnSchema } from './user-types';
import { typedText } from './typed-text';
import { SCHOOL_ADMIN_MESSAGES } from './school-admin-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { SCHOOL_ADMIN_MESSAGES } from './school-admin-messages';

/**
 * What a school admin (the school's principal or operator, signed in with a learning account)
 * does for the school's students (SPEC §1, §6): request their accounts in bulk, then
 * download them and reset their passwords in the admin portal.
 */

/** SPEC §7: the bulk request, a list of selected items, authorized by the admin's access token. */
export const STUDENT_REQUEST_PATH = `${LOOKUP_BASE}/pd/request-account-creation`;
/** Searches go in a POST body: a student's name or NISN never appears in a URL or a log. */
export const schoolAdminPaths = (npsn: string) => {
  const school = `/school-admin/v1/schools/${npsn}`;
  return {
    studentSearch: `${school}/students/search`,
    requests: `${school}/requests`,
    request: (id: string) => `${school}/requests/${id}`,
    requestCsv: (id: string) => `${school}/requests/${id}/accounts-csv`,
    accountSearch: `${school}/accounts/search`,
    accountPasswordReset: (id: string) => `${school}/accounts/${id}/reset-password`,
  };
};
/** The same paths as route patterns, for the API. */
export const SCHOOL_ADMIN_ROUTES = {
  studentSearch: '/school-admin/v1/schools/:npsn/students/search',
  requests: '/school-admin/v1/schools/:npsn/requests',
  request: '/school-admin/v1/schools/:npsn/requests/:id',
  requestCsv: '/school-admin/v1/schools/:npsn/requests/:id/accounts-csv',
  accountSearch: '/school-admin/v1/schools/:npsn/accounts/search',
  accountPasswordReset: '/school-admin/v1/schools/:npsn/accounts/:id/reset-password',
} as const;

export const STUDENT_PAGE_SIZE = 50;
export const MAX_STUDENTS_PER_REQUEST = 5000;

/** An internal id as the API writes it: digits in a string. */
const IdSchema = z.string().regex(/^\d{1,18}$/, ERROR_MESSAGES.dataInvalid);

export const SchoolParamsSchema = z.object({ npsn: NpsnSchema });
export const SchoolItemParamsSchema = z.object({ npsn: NpsnSchema, id: IdSchema });

export const SearchBodySchema = z.object({
  /** Part of a name, or a NISN's digits; empty lists everyone. */
  query: typedText().trim().max(100, SCHOOL_ADMIN_MESSAGES.queryTooLong).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Why a student cannot be requested; null when they can. */
export const IneligibleReasonSchema = z.enum([
  'no_nisn',
  'no_birth_date',
  'already_requested',
  'left_school',
]);
export type IneligibleReason = z.infer<typeof IneligibleReasonSchema>;

export const StudentSearchBodySchema = SearchBodySchema.extend({
  /** Also answer the ids of every requestable student matching the query ("select all"). */
  withEligibleIds: z.boolean().default(false),
});

export const StudentSearchResultSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      nisn: z.string().nullable(),
      reason: IneligibleReasonSchema.nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  eligibleIds: z.array(z.string()).optional(),
});
export type StudentSearchResult = z.infer<typeof StudentSearchResultSchema>;

export const StudentRequestBodySchema = z.object({
  npsn: NpsnSchema,
  students: z
    .array(z.object({ id: IdSchema }))
    .min(1, SCHOOL_ADMIN_MESSAGES.emptySelection)
    .max(MAX_STUDENTS_PER_REQUEST, SCHOOL_ADMIN_MESSAGES.selectionTooLarge),
});
export type StudentRequestBody = z.infer<typeof StudentRequestBodySchema>;

/** Why a selected student got no account when the request was processed. */
export const RequestFailureSchema = z.enum([
  'left_school',
  'has_account',
  'no_nisn',
  'no_birth_date',
]);

export const StudentRequestSchema = z.object({
  id: z.string(),
  status: z.enum(['processing', 'completed']),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  total: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  failures: z.array(z.object({ name: z.string(), reason: RequestFailureSchema })),
  /** The CSV still carries the initial passwords (it has not been downloaded yet). */
  passwordsAvailable: z.boolean(),
});
export type StudentRequest = z.infer<typeof StudentRequestSchema>;
export const StudentRequestListSchema = z.object({ items: z.array(StudentRequestSchema) });

export const SchoolAccountSearchResultSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      nisn: z.string().nullable(),
      email: z.string(),
      /** The initial password has not been replaced yet. */
      mustChangePassword: z.boolean(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SchoolAccountSearchResult = z.infer<typeof SchoolAccountSearchResultSchema>;

export const PasswordResetResultSchema = z.object({
  email: z.string(),
  /** Shown once: only its hash is kept. */
  initialPassword: z.string(),
});

/** The columns of a request's CSV; the last only in the one download that carries passwords. */
export const STUDENT_CSV_COLUMNS = ['Nama', 'NISN', 'Akun', 'Kata Sandi Awal'] as const;
