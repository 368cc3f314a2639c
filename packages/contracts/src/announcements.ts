import { z } from 'zod';
import { operationalMoment } from './operational-dates';
import { typedText } from './typed-text';
import { ANNOUNCEMENT_MESSAGES } from './announcements-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { ANNOUNCEMENT_MESSAGES } from './announcements-messages';

/**
 * Announcements (SPEC §3, §4, §7): written by staff in the console in Markdown, shown
 * by the public site's announcement bar while active and inside their schedule.
 */
export const ANNOUNCEMENT_ROUTES = {
  /** The public list of SPEC §7, read by the web when API_ANNOUNCEMENT is on. */
  public: '/admin/v1/cms-client/announcement',
  /** The console's: every announcement, and a new one. */
  all: '/console/v1/announcements',
  one: '/console/v1/announcements/:id',
  activate: '/console/v1/announcements/:id/activate',
  deactivate: '/console/v1/announcements/:id/deactivate',
} as const;

export const ANNOUNCEMENT_MAX_LENGTH = 2000;

/** One item of the public list: only announcements showing now are listed. */
export const PublicAnnouncementSchema = z.object({
  id: z.string(),
  /** Markdown or HTML, as staff wrote it: the web renders and sanitises it. */
  description: z.string(),
  is_active: z.boolean(),
  start_at: z.iso.datetime().nullable(),
  end_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime(),
});
export type PublicAnnouncement = z.infer<typeof PublicAnnouncementSchema>;
/** Newest first; answered inside the usual envelope, so the list is at `data.data` (SPEC §7). */
export const PublicAnnouncementListSchema = z.array(PublicAnnouncementSchema);

const MomentSchema = operationalMoment(ANNOUNCEMENT_MESSAGES.timeInvalid).nullable().default(null);

/** What staff write: the text and an optional schedule (absent or null: open-ended). */
export const AnnouncementInputSchema = z
  .object({
    description: typedText({ lines: 'multi', error: ANNOUNCEMENT_MESSAGES.descriptionRequired })
      .trim()
      .min(1, ANNOUNCEMENT_MESSAGES.descriptionRequired)
      .max(ANNOUNCEMENT_MAX_LENGTH, ANNOUNCEMENT_MESSAGES.descriptionTooLong),
    startsAt: MomentSchema,
    endsAt: MomentSchema,
  })
  .refine(
    ({ startsAt, endsAt }) => !startsAt || !endsAt || Date.parse(endsAt) > Date.parse(startsAt),
    { path: ['endsAt'], message: ANNOUNCEMENT_MESSAGES.endBeforeStart },
  );
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;

/**
 * Where an announcement stands now: `active` (shown), `scheduled` (active, its start ahead),
 * `ended` (active, its end passed) or `inactive` (switched off by staff).
 */
export const AnnouncementStateSchema = z.enum(['active', 'scheduled', 'ended', 'inactive']);
export type AnnouncementState = z.infer<typeof AnnouncementStateSchema>;

export const AnnouncementItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  state: AnnouncementStateSchema,
});
export type AnnouncementItem = z.infer<typeof AnnouncementItemSchema>;
export const AnnouncementListSchema = z.object({ items: z.array(AnnouncementItemSchema) });
