import { z } from 'zod';
import { OperationalDaySchema } from './operational-dates';
import { STATISTICS_MESSAGES } from './statistics-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { STATISTICS_MESSAGES } from './statistics-messages';

/** Statistics: the staff dashboard in the console and the public `/statistik` page. */
export const STATISTICS_PATHS = {
  console: '/console/v1/statistics',
  public: '/public/v1/statistics',
} as const;

/** The longest range one request may ask for, in days (both ends counted). */
export const STATISTICS_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both counted: 1 for a single day. */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** A range of Jakarta (WIB) calendar days, `from` and `to` included. */
export const StatisticsQuerySchema = z
  .object({ from: OperationalDaySchema, to: OperationalDaySchema })
  .refine((range) => range.from <= range.to, {
    path: ['to'],
    error: STATISTICS_MESSAGES.rangeReversed,
  })
  .refine((range) => daysInRange(range.from, range.to) <= STATISTICS_MAX_DAYS, {
    path: ['to'],
    error: STATISTICS_MESSAGES.rangeTooLong,
  });
export type StatisticsQuery = z.infer<typeof StatisticsQuerySchema>;

/** One chart's figures: a count per day for each series, in the order of `days`. */
export const DailySeriesSchema = z.object({
  days: z.array(z.iso.date()),
  series: z.array(z.object({ key: z.string(), counts: z.array(z.number().int()) })),
});
export type DailySeries = z.infer<typeof DailySeriesSchema>;

export const LOOKUP_FUNNEL_STEPS = ['initiated', 'found', 'detailsSent', 'emailChanged'] as const;
export const RESET_FUNNEL_STEPS = ['initiated', 'codeSent', 'codeRight', 'passwordSet'] as const;
/**
 * Each funnel's conversion: the step that is its goal over the step it starts with. A lookup
 * succeeds when the details are sent; changing the e-mail after that is optional, not the goal.
 */
export const FUNNEL_CONVERSION = {
  lookup: { from: 'initiated', to: 'detailsSent' },
  reset: { from: 'initiated', to: 'passwordSet' },
} as const satisfies Record<
  'lookup' | 'reset',
  { from: string; to: (typeof LOOKUP_FUNNEL_STEPS | typeof RESET_FUNNEL_STEPS)[number] }
>;
export type Funnel = keyof typeof FUNNEL_CONVERSION;
export const SIGN_IN_SERIES = ['signedIn', 'wrongPassword', 'refusedLocked', 'locks'] as const;
export const BACKLOG_BUCKETS = ['days0to2', 'days3to7', 'days8to14', 'days15Plus'] as const;

/** Office requests waiting for review, now: how many and how long they have waited. */
export const ReviewBacklogSchema = z.object({
  pending: z.number().int(),
  /** Whole days the oldest has waited; null when none waits. */
  oldestDays: z.number().int().nullable(),
  buckets: z.array(z.object({ key: z.enum(BACKLOG_BUCKETS), count: z.number().int() })),
});
export type ReviewBacklog = z.infer<typeof ReviewBacklogSchema>;

/** What anyone may see: the two daily funnels, counts only, nothing about a person. */
export const PublicStatisticsSchema = z.object({
  lookupFunnel: DailySeriesSchema,
  resetFunnel: DailySeriesSchema,
});
export type PublicStatistics = z.infer<typeof PublicStatisticsSchema>;

/** The staff dashboard: the funnels, tracking events by name, sign-ins and the review backlog. */
export const StatisticsSchema = PublicStatisticsSchema.extend({
  events: DailySeriesSchema,
  signIns: DailySeriesSchema,
  reviewBacklog: ReviewBacklogSchema,
});
export type Statistics = z.infer<typeof StatisticsSchema>;
