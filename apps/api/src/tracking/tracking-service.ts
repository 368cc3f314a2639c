import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PERSONAL_ATTRIBUTE_KEYS,
  TRACKING_ATTRIBUTE_KEYS,
  TRACKING_COUNT_KEYS,
  TrackingEventSchema,
  type TrackingEvent,
} from '@portal/contracts/tracking';
import { TRACKING_MAX_BATCH } from '@portal/contracts/tracking-client';
import type { RateLimitStore } from '../counters/rate-limit-store';
import type { Db } from '../db/database';
import { ValidationError } from '../http/domain-errors';
import { createTrackingRepository, type TrackingRow } from './tracking-repository';

const personalKeys = new Set<string>(PERSONAL_ATTRIBUTE_KEYS.map((key) => key.toLowerCase()));
const plainKeys = new Set<string>(TRACKING_ATTRIBUTE_KEYS);
const countKeys = new Set<string>(TRACKING_COUNT_KEYS);
// A count: a school asks for at most thousands, and a longer run of digits could be a NISN or a phone.
const COUNT = /^\d{1,6}$/;

// Values that are personal data whatever key a client put them under.
const LOOKS_PERSONAL = [
  /[^\s@]+@[^\s@]+\.[^\s@]+/, // an e-mail address
  /\b\d{16}\b/, // a NIK
  // A date with numbers: 2001-02-28, 28-02-2001, 28/02/2001, 28.02.2001, 2001/2/28.
  /\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b/,
  // A date with the month's name, in Indonesian or English: 28 Februari 2001, 28 Feb 2001.
  /\b\d{1,2}\s+(jan|feb|mar|apr|mei|may|jun|jul|agu|agt|aug|sep|okt|oct|nov|des|dec)[a-z]*\.?\s+\d{2,4}\b/i,
  /\+?\b\d{9,14}\b/, // a phone number written as one run of digits
  /(\+?62|\b0)[\s-]?8\d{1,3}[\s-]?\d{3,4}[\s-]?\d{3,5}\b/, // 0812-3456-7890, +62 812 3456 7890
];

// PostgreSQL cannot store a NUL character, nor JSON a lone half of a surrogate pair.
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The event tracker of SPEC §7: its own client's events, stored without personal data. */
export function createTrackingService({
  db,
  hmacKey,
  credentials,
  counters,
}: {
  db: Db;
  hmacKey: string;
  /** The basic authorization of the portal's own client (decision 0205). */
  credentials: { user: string; secret: string };
  counters: RateLimitStore;
}) {
  const repository = createTrackingRepository(db);
  const basic = Buffer.from(`${credentials.user}:${credentials.secret}`).toString('base64');
  const authorization = `Basic ${basic}`;
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
    attributes: event.attributes
      .filter(
        ({ key, value }) =>
          plainKeys.has(key) ||
          personalKeys.has(key.toLowerCase()) ||
          (countKeys.has(key) && COUNT.test(value)),
      )
      .map(({ key, value }) => ({
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
      let storable = !UNSTORABLE.test(data);
      try {
        // JSON escapes (\u0000, a lone \ud800) become the characters themselves here.
        json = JSON.parse(data, (key, value: unknown) => {
          if (UNSTORABLE.test(key) || (typeof value === 'string' && UNSTORABLE.test(value)))
            storable = false;
          return value;
        });
      } catch {
        throw new ValidationError([
          { field: 'data', message: 'Data peristiwa bukan JSON yang valid.' },
        ]);
      }
      if (!storable) {
        throw new ValidationError([
          { field: 'data', message: 'Data peristiwa berisi karakter yang tidak diizinkan.' },
        ]);
      }
      const single = !Array.isArray(json);
      const parsed = BatchSchema.safeParse(single ? [json] : json);
      if (!parsed.success) {
        throw new ValidationError(
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
    /** The authorization header the portal's own tracking client sends. */
    clientAuthorization: () => authorization,
    /** Whether a request's authorization header is the portal's own client's. */
    isOwnClient: (header: string | undefined) => sameText(header ?? '', authorization),
    /** @fastify/rate-limit's options that keep its counts in the shared counters. */
    rateLimitCounters: (namespace: string) => counters.fastifyOptions(namespace),
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
