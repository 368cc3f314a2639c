import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { SCHOOL_ADMIN_MESSAGES } from './school-admin';
import { typedText } from './typed-text';
import { BADGE_MESSAGES } from './badges-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { BADGE_MESSAGES } from './badges-messages';

/**
 * Printed sign-in badges (issue: young students sign in with a card): the school admin picks
 * students, makes their badges in the background, downloads one PDF of cards to print, lists
 * the live badges and ends them. Searches and actions are POSTs: no name in a URL or a log.
 */
export const badgePaths = (npsn: string) => {
  const base = `/school-admin/v1/schools/${npsn}/badges`;
  return {
    students: `${base}/students/search`,
    batches: `${base}/batches`,
    batch: (id: string) => `${base}/batches/${id}`,
    batchPdf: (id: string) => `${base}/batches/${id}/pdf`,
    end: (id: string) => `${base}/${id}/end`,
    endAll: `${base}/end-all`,
  };
};
/** The same paths as route patterns, for the API. */
export const BADGE_ROUTES = {
  students: '/school-admin/v1/schools/:npsn/badges/students/search',
  batches: '/school-admin/v1/schools/:npsn/badges/batches',
  batch: '/school-admin/v1/schools/:npsn/badges/batches/:id',
  batchPdf: '/school-admin/v1/schools/:npsn/badges/batches/:id/pdf',
  end: '/school-admin/v1/schools/:npsn/badges/:id/end',
  endAll: '/school-admin/v1/schools/:npsn/badges/end-all',
} as const;

export const MAX_BADGES_PER_BATCH = 5000;
export const BADGE_PAGE_SIZE = 50;
/** How long a batch's cards wait for their one download before their secrets are forgotten. */
export const BADGE_PDF_HOURS = 24;

const IdSchema = z.string().regex(/^\d{1,18}$/, ERROR_MESSAGES.dataInvalid);
/** A class (kelas): 1-12, 13 for a vocational school's fourth year. */
export const GradeSchema = z
  .number({ error: BADGE_MESSAGES.gradeInvalid })
  .int(BADGE_MESSAGES.gradeInvalid)
  .min(1, BADGE_MESSAGES.gradeInvalid)
  .max(13, BADGE_MESSAGES.gradeInvalid);

export const BadgeStudentSearchBodySchema = z.object({
  /** Part of a name, or a NISN's digits; empty lists everyone. */
  query: typedText().trim().max(100, SCHOOL_ADMIN_MESSAGES.queryTooLong).default(''),
  /** One class only; null: students whose class the registry does not record. */
  grade: GradeSchema.nullable().optional(),
  /** `live`: only students with a live badge; `none`: only those without. */
  badge: z.enum(['any', 'live', 'none']).default('any'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type BadgeStudentSearchBody = z.input<typeof BadgeStudentSearchBodySchema>;

export const BadgeStudentSchema = z.object({
  /** The student's learning account: what a badge is made for. */
  accountId: z.string(),
  name: z.string(),
  nisn: z.string().nullable(),
  grade: z.number().int().nullable(),
  /** The live badge, if any, and since when. */
  badge: z.object({ id: z.string(), since: z.iso.datetime() }).nullable(),
});
export type BadgeStudent = z.infer<typeof BadgeStudentSchema>;

export const BadgeStudentSearchResultSchema = z.object({
  items: z.array(BadgeStudentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The school's classes with their students (with an account), for choosing a whole class. */
  grades: z.array(z.object({ grade: z.number().int().nullable(), students: z.number().int() })),
  /** Live badges of the whole school. */
  liveBadges: z.number().int(),
});
export type BadgeStudentSearchResult = z.infer<typeof BadgeStudentSearchResultSchema>;

/** Whom to make badges for: every student (with an account) of one class, or the chosen ones. */
export const BadgeBatchBodySchema = z
  .object({
    grade: GradeSchema.optional(),
    students: z
      .array(z.object({ accountId: IdSchema }))
      .min(1, BADGE_MESSAGES.emptySelection)
      .max(MAX_BADGES_PER_BATCH, BADGE_MESSAGES.selectionTooLarge)
      .optional(),
  })
  .refine((body) => (body.grade === undefined) !== (body.students === undefined), {
    message: BADGE_MESSAGES.emptySelection,
  });
export type BadgeBatchBody = z.infer<typeof BadgeBatchBodySchema>;

export const BadgeBatchSchema = z.object({
  id: z.string(),
  status: z.enum(['processing', 'completed']),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  total: z.number().int(),
  /** Badges made so far (live ones, once completed). */
  made: z.number().int(),
  /** Students without a badge: left the school or no student account meanwhile. */
  skipped: z.number().int(),
  /** The PDF can still be downloaded (once; its secrets are forgotten after). */
  pdfAvailable: z.boolean(),
  /** When the PDF's secrets are forgotten if it is not downloaded. */
  pdfExpiresAt: z.iso.datetime().nullable(),
});
export type BadgeBatch = z.infer<typeof BadgeBatchSchema>;
export const BadgeBatchListSchema = z.object({ items: z.array(BadgeBatchSchema) });

export const BadgeEndResultSchema = z.object({ ended: z.number().int() });
