import { z } from 'zod';
import { OfficeTypeSchema } from './account-lookup';
import { ERROR_MESSAGES } from './api-error';
import { FEATURE_TOGGLE_KEYS, TEXT_SETTING_KEYS } from './feature-toggles';
import { OperationalDaySchema, operationalMoment } from './operational-dates';
import { typedText } from './typed-text';
import { CONSOLE_MESSAGES } from './console-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { CONSOLE_MESSAGES } from './console-messages';

/** The ministry's console (DESIGN.md: staff with a second factor). */
export const CONSOLE_ROUTES = {
  officeRequests: '/console/v1/office-requests',
  officeRequest: '/console/v1/office-requests/:id',
  officeRequestLetter: '/console/v1/office-requests/:id/letter',
  approve: '/console/v1/office-requests/:id/approve',
  reject: '/console/v1/office-requests/:id/reject',
  referralCodes: '/console/v1/referral-codes',
  revokeReferralCode: '/console/v1/referral-codes/:id/revoke',
  featureToggles: '/console/v1/feature-toggles',
  featureToggle: '/console/v1/feature-toggles/:key',
  accountDeletions: '/console/v1/account-deletions',
  decideDeletion: '/console/v1/account-deletions/:id/decision',
  staffSelf: '/console/v1/me',
} as const;
export const consolePath = (route: string, id: string) => route.replace(':id', id);

const IdSchema = z.string().regex(/^\d{1,18}$/, ERROR_MESSAGES.dataInvalid);
export const ConsoleIdParamsSchema = z.object({ id: IdSchema });

export const OfficeRequestStatusSchema = z.enum(['submitted', 'approved', 'rejected']);
export const CONSOLE_PAGE_SIZE = 25;
/** A console list's page in the query, from 1. */
export const ConsolePageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
/** One page of a console list, with how many match its filter in all. */
export const consolePageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const OfficeRequestListQuerySchema = z.object({
  status: OfficeRequestStatusSchema.optional(),
  province: z
    .string()
    .regex(/^\d{2}$/, ERROR_MESSAGES.dataInvalid)
    .optional(),
  /** Submitted on or after this day (YYYY-MM-DD, Jakarta time). */
  from: OperationalDaySchema.optional(),
  /** Submitted on or before this day. */
  to: OperationalDaySchema.optional(),
  page: ConsolePageSchema,
});

export const OfficeRequestSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  officeType: OfficeTypeSchema,
  region: z.string(),
  province: z.string(),
  status: OfficeRequestStatusSchema,
  createdAt: z.iso.datetime(),
});
export const OfficeRequestListSchema = consolePageOf(OfficeRequestSummarySchema);

export const OfficeRequestDetailSchema = OfficeRequestSummarySchema.extend({
  nik: z.string(),
  birthDate: z.string(),
  motherName: z.string(),
  email: z.string(),
  phone: z.string(),
  position: z.string(),
  positionOther: z.string().nullable(),
  letterSubject: z.string(),
  letterNumber: z.string(),
  platforms: z.array(z.string()),
  hasEducationReport: z.boolean(),
  decidedAt: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  /** The office account made on approval, once its job has run. */
  accountEmail: z.string().nullable(),
});
export type OfficeRequestDetail = z.infer<typeof OfficeRequestDetailSchema>;

export const RejectBodySchema = z.object({
  reason: typedText({ lines: 'multi', error: CONSOLE_MESSAGES.reasonRequired })
    .trim()
    .min(1, CONSOLE_MESSAGES.reasonRequired)
    .max(1000, CONSOLE_MESSAGES.reasonTooLong),
});

export const ReferralCodeCreateSchema = z.object({
  maxUses: z.coerce
    .number()
    .int()
    .min(1, CONSOLE_MESSAGES.usesInvalid)
    .max(10_000, CONSOLE_MESSAGES.usesInvalid),
  /** The last moment the code works; absent: it never expires. */
  expiresAt: operationalMoment(CONSOLE_MESSAGES.expiryInvalid).optional(),
});

export const ReferralCodeItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  state: z.enum(['valid', 'revoked', 'expired', 'used_up']),
});
export type ReferralCodeItem = z.infer<typeof ReferralCodeItemSchema>;
export const ReferralCodeListSchema = z.object({ items: z.array(ReferralCodeItemSchema) });

/** Toggles and text settings of SPEC §3, as the console changes them. */
export const ToggleKeyParamsSchema = z.object({
  key: z.enum([...FEATURE_TOGGLE_KEYS, ...TEXT_SETTING_KEYS], ERROR_MESSAGES.dataInvalid),
});
export const SETTING_MAX_LENGTH = 500;
const ToggleValueSchema = z.union([
  z.boolean(),
  // The announcement's message is Markdown: it keeps its line breaks.
  typedText({ lines: 'multi' }).max(SETTING_MAX_LENGTH, CONSOLE_MESSAGES.settingTooLong),
]);
/** The new value, and the value the staff member saw: a change made meanwhile is not overwritten. */
export const ToggleChangeBodySchema = z.object({
  value: ToggleValueSchema,
  previous: ToggleValueSchema,
});
export type ToggleChangeBody = z.infer<typeof ToggleChangeBodySchema>;

export const ToggleChangeSchema = z.object({
  key: z.string(),
  oldValue: z.string(),
  newValue: z.string(),
  /** The staff member's address, or `cli:<user>` for the command line. */
  actor: z.string(),
  changedAt: z.iso.datetime(),
});
export const ToggleOverviewSchema = z.object({
  toggles: z.array(
    z.object({
      key: z.enum(FEATURE_TOGGLE_KEYS),
      enabled: z.boolean(),
      defaultEnabled: z.boolean(),
    }),
  ),
  settings: z.array(z.object({ key: z.enum(TEXT_SETTING_KEYS), value: z.string() })),
  /** The latest changes, newest first. */
  changes: z.array(ToggleChangeSchema),
});
export type ToggleOverview = z.infer<typeof ToggleOverviewSchema>;
