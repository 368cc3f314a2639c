import { z } from 'zod';
import { ConsolePageSchema, consolePageOf } from './console';
import { typedText } from './typed-text';
import { DELETION_MESSAGES } from './account-deletion-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { DELETION_MESSAGES } from './account-deletion-messages';

/**
 * Deletion of an account whose owner left the registry (SPEC §1): the notice's report
 * page and the console's review. The schedule is SPEC §1's, in days before the stated date.
 */
export const DELETION_NOTICE_DAYS = { ptk: [30, 3], pd: [30, 7, 1] } as const;
/** A mistake is reported until this many days after the stated date. */
export const DELETION_REPORT_DAYS = 5;
/** Without a report, the accounts are removed this many days after the stated date. */
export const DELETION_REMOVAL_DAYS = 10;

export const DELETION_REPORT_PATHS = {
  /** What the notice's link shows: the stated date and until when a report is taken. */
  notice: '/account-deletion/v1/notice',
  report: '/account-deletion/v1/report',
} as const;
/** The web page the notice links to; the token follows in the fragment (`#t=`), never sent as a URL. */
export const DELETION_REPORT_PAGE = '/account/deletion-report';

const TokenSchema = z
  .string({ error: DELETION_MESSAGES.linkInvalid })
  .regex(/^\d{1,18}\.[A-Za-z0-9_-]{43}$/, DELETION_MESSAGES.linkInvalid);

export const DeletionNoticeQuerySchema = z.object({ token: TokenSchema });

export const DeletionNoticeSchema = z.object({
  deletionOn: z.iso.date(),
  reportUntil: z.iso.date(),
  /** `closed`: the accounts were disabled or removed. */
  status: z.enum(['scheduled', 'reported', 'cancelled', 'closed']),
  /**
   * The learning accounts the notice is about, masked as the lookup masks an address (one
   * leading character, a fixed number of stars); empty once they are removed.
   */
  accounts: z.array(z.string()),
});
export type DeletionNotice = z.infer<typeof DeletionNoticeSchema>;

export const DeletionReporterSchema = z.enum(['owner', 'school_admin'], {
  error: DELETION_MESSAGES.reporterRequired,
});

export const DeletionReportBodySchema = z.object({
  token: TokenSchema,
  reporter: DeletionReporterSchema,
  reason: typedText({ lines: 'multi', error: DELETION_MESSAGES.reasonRequired })
    .trim()
    .min(1, DELETION_MESSAGES.reasonRequired)
    .max(1000, DELETION_MESSAGES.reasonTooLong),
});
export type DeletionReportBody = z.infer<typeof DeletionReportBodySchema>;

export const DeletionStatusSchema = z.enum([
  'scheduled',
  'reported',
  'cancelled',
  'disabled',
  'removed',
]);

export const DeletionListQuerySchema = z.object({
  status: DeletionStatusSchema.optional(),
  page: ConsolePageSchema,
});

export const DeletionItemSchema = z.object({
  id: z.string(),
  /** The person's name while the registry still holds it; null once removed. */
  name: z.string().nullable(),
  kind: z.enum(['ptk', 'pd', 'dinas']),
  status: DeletionStatusSchema,
  deletionOn: z.iso.date(),
  removalOn: z.iso.date(),
  reportedAt: z.iso.datetime().nullable(),
  reportedBy: DeletionReporterSchema.nullable(),
  reportReason: z.string().nullable(),
  decision: z.enum(['upheld', 'rejected']).nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
export type DeletionItem = z.infer<typeof DeletionItemSchema>;
export const DeletionListSchema = consolePageOf(DeletionItemSchema);
export type DeletionList = z.infer<typeof DeletionListSchema>;

export const DeletionDecisionBodySchema = z.object({
  /** `uphold`: the report is right, nothing is deleted; `reject`: the clock resumes. */
  decision: z.enum(['uphold', 'reject'], { error: DELETION_MESSAGES.notReported }),
});
