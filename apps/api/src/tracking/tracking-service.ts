import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  PERSONAL_ATTRIBUTE_KEYS,
  TRACKING_MAX_BATCH,
  TrackingEventSchema,
  type TrackingEvent,
} from '@portal/contracts/tracking';
import type { Db } from '../db/database';
import { ValidationError } from '../http/domain-errors';
import { createTrackingRepository, type TrackingRow } from './tracking-repository';

const personalKeys = new Set<string>(PERSONAL_ATTRIBUTE_KEYS.map((key) => key.toLowerCase()));

// Values that are personal data whatever key a client put them under.
const LOOKS_PERSONAL = [
  /[^\s@]+@[^\s@]+\.[^\s@]+/, // an e-mail address
  /\b\d{16}\b/, // a NIK
  /\b\d{4}-\d{2}-\d{2}\b/, // a date (birth dates are sent year-month-day)
  /\b\d{1,2}-\d{1,2}-\d{4}\b/, // a date as the picker keeps it, day-month-year
  /\+?\b\d{9,14}\b/, // a phone number
];

const BatchSchema = z.array(TrackingEventSchema).min(1).max(TRACKING_MAX_BATCH);

/** Strips the query and fragment: they may carry anything a page was given. */
export function stripUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}

export function createTrackingService(db: Db, hmacKey: string) {
  const repository = createTrackingRepository(db);
  const pseudonymise = (value: string): string =>
    `hmac:${createHmac('sha256', hmacKey).update(value.trim().toLowerCase()).digest('hex')}`;

  const toRow = (event: TrackingEvent): TrackingRow => ({
    eventName: event.event_name,
    deviceId: event.device_id,
    sessionId: event.session_id,
    pageUrl: stripUrl(event.page_url),
    referrer: event.referrer ? stripUrl(event.referrer) : null,
    deviceType: event.device_type,
    os: event.os,
    browser: event.browser,
    occurredAt: new Date(event.timestamp),
    attributes: event.attributes.map(({ key, value }) => ({
      key,
      value:
        personalKeys.has(key.toLowerCase()) || LOOKS_PERSONAL.some((re) => re.test(value))
          ? pseudonymise(value)
          : value,
    })),
  });

  return {
    /** Validates one event or a batch (the JSON string of SPEC §7's `data`) and stores it. */
    async record(data: string): Promise<number> {
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        throw new ValidationError(undefined, [
          { field: 'data', message: 'Data peristiwa bukan JSON yang valid.' },
        ]);
      }
      const single = !Array.isArray(json);
      const parsed = BatchSchema.safeParse(single ? [json] : json);
      if (!parsed.success) {
        throw new ValidationError(
          undefined,
          parsed.error.issues.slice(0, 5).map((issue) => ({
            field: ['data', ...(single ? issue.path.slice(1) : issue.path)].join('.'),
            message: 'Data peristiwa tidak sesuai format.',
          })),
        );
      }
      await repository.insertBatch(parsed.data.map(toRow));
      return parsed.data.length;
    },
    pseudonymise,
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
