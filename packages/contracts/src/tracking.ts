import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { TRACKER_NAME } from './tracking-client';
import { operationalMoment } from './operational-dates';
import { typedText } from './typed-text';

/** Event names of SPEC §7. */
export const TRACKING_EVENT_NAMES = [
  'PASSWORD_SEARCH_SUBMITTED',
  'PASSWORD_RESET_LINK_SENT',
  'PASSWORD_RESET_FAQ_CLICKED',
  'PASSWORD_RESET_INITIATED',
  'PAGE_VIEWED',
  'CLICKED',
  'FILE_DOWNLOADED',
  'ACCOUNT_LOOKUP_INITIATED',
  'DINAS_ACCOUNT_REQUEST_INITIATED',
  'PD_ACCOUNT_REQUEST_INITIATED',
] as const;
export const TrackingEventNameSchema = z.enum(TRACKING_EVENT_NAMES);
export type TrackingEventName = z.infer<typeof TrackingEventNameSchema>;

/**
 * Attribute keys whose values are personal data. The server replaces their values by a keyed
 * hash before anything is stored (UU 27/2022); the client never needs to send them at all.
 */
export const PERSONAL_ATTRIBUTE_KEYS = [
  'email',
  'dob',
  'birthDate',
  'name',
  'motherName',
  'nik',
  'phone',
] as const;

/**
 * The attribute keys the portal's client sends besides the personal ones; the server drops any
 * other, so a client cannot store free-form data under a key of its choosing.
 */
export const TRACKING_ATTRIBUTE_KEYS = [
  'method',
  'from',
  'target',
  'file',
  'user_type',
  'outcome',
] as const;

/**
 * Attribute keys whose value is a count (`PD_ACCOUNT_REQUEST_INITIATED`'s `students`: how many
 * were asked for, never who). The server keeps them only as whole numbers.
 */
export const TRACKING_COUNT_KEYS = ['students'] as const;

export const TrackingAttributeSchema = z.object({
  key: typedText().min(1).max(64),
  value: typedText().max(512),
});

export const TrackingEventSchema = z.object({
  device_id: typedText().min(8).max(64),
  session_id: typedText().min(8).max(64),
  page_url: typedText().max(2048),
  referrer: typedText().max(2048).default(''),
  device_type: z.enum(['mobile', 'tablet', 'desktop']),
  os: typedText().max(32),
  browser: typedText().max(32),
  /** The device's clock: an event outside the operational days could never be counted. */
  timestamp: operationalMoment(ERROR_MESSAGES.invalidDate),
  event_name: TrackingEventNameSchema,
  attributes: z.array(TrackingAttributeSchema).max(32).default([]),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

/**
 * Request body: `data` is the JSON string of one event, or of an array of events when the
 * client flushes a queue kept while offline (at most TRACKING_MAX_BATCH).
 */
export const TrackingRequestSchema = z.object({
  event_name: z.literal(TRACKER_NAME),
  // JSON text: it may be laid out on several lines, its escapes are read by the API.
  data: typedText({ lines: 'multi' }).min(2).max(200_000),
});
export type TrackingRequest = z.infer<typeof TrackingRequestSchema>;
export const TrackingClientSchema = z.object({ authorization: z.string() });
