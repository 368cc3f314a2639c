import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { FastifyServerOptions } from 'fastify';
import { describeDatabaseError, isDatabaseError } from './database-errors';
import { currentRequestId } from './request-id';

/**
 * Keys whose values are personal data (UU 27/2022). Bodies, query strings and headers are
 * never logged at all; this list is the second line of defence for anything logged by hand.
 */
const PERSONAL_KEYS: string[] = [
  'name',
  'fullName',
  'nama',
  'email',
  'personalEmail',
  'phone',
  'birthDate',
  'dob',
  'motherName',
  'nik',
  'nisn',
  'nuptk',
  'password',
  'otp',
  'token',
  'authorization',
  'cookie',
];

const PERSONAL = new Set(PERSONAL_KEYS);
const CENSORED = '[redacted]';

/**
 * A copy of what is about to be logged with the value of every personal key censored, at any
 * depth. Only plain objects and arrays are walked: errors, requests and replies go to their
 * serializers below, which keep only what identifies them. This runs per line written, where
 * pino's own `redact` with wildcard paths also runs on every child logger's bindings, and
 * Fastify makes a child logger per request (figures in decision 0213).
 */
function censor(value: unknown, seen: WeakSet<object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => censor(item, seen));
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = PERSONAL.has(key) ? CENSORED : censor(item, seen);
  }
  return copy;
}

type RawRequest = { method?: string; url?: string; routeOptions?: { url?: string }; id?: string };

/** Logger settings: JSON lines, request logs by route pattern (no query string, no body). */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Each line's object, at any depth, when it is written; a child logger's bindings (pino
    // formats those apart) by their top-level keys, which costs pino nothing per request.
    formatters: {
      log: (object: Record<string, unknown>) =>
        censor(object, new WeakSet()) as Record<string, unknown>,
    },
    redact: { paths: PERSONAL_KEYS, censor: CENSORED },
    serializers: {
      req(request: RawRequest) {
        return {
          method: request.method,
          route: request.routeOptions?.url ?? '(unmatched)',
          id: request.id,
        };
      },
      res(reply: { statusCode?: number }) {
        return { statusCode: reply.statusCode };
      },
      err: describeError,
    },
  };
}

const stackFrames = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

/**
 * What identifies a failure in a log line. A database error keeps its code and statement name
 * only: its message and stack header carry the query's values. Other errors keep their message.
 */
export function describeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) {
    // pg-boss reports a failure as a plain copy of the error ({ ...error, message, stack }).
    const copied = typeof error === 'object' && error !== null && 'message' in error;
    if (copied) return describeError(Object.assign(new Error(), error));
    return { type: typeof error, message: String(error), stack: '' };
  }
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  if (isDatabaseError(error)) {
    const described = describeDatabaseError(error);
    return {
      ...described,
      type: 'DatabaseError',
      message: `database error ${String(described['code'] ?? '')}`.trim(),
      stack: stackFrames(error.stack),
    };
  }
  return { type: error.name, message: error.message, code, statusCode, stack: error.stack ?? '' };
}

/**
 * The request a background line works for (a job carries the id of the request that queued it,
 * decision 0280) and its trace, under the names request lines give them, so one search finds both.
 */
function origin(): { reqId?: string; traceId?: string } {
  const reqId = currentRequestId();
  const span = trace.getActiveSpan()?.spanContext();
  return {
    ...(reqId === undefined ? {} : { reqId }),
    ...(span && isSpanContextValid(span) ? { traceId: span.traceId } : {}),
  };
}

/** One JSON error line for code that runs outside a request (jobs, pools, batches). */
export function logBackgroundError(msg: string, error: unknown): void {
  console.error(
    JSON.stringify({ level: 50, time: Date.now(), ...origin(), msg, err: describeError(error) }),
  );
}

/** One JSON warning line for code that runs outside a request; `fields` must hold no personal data. */
export function logBackgroundWarning(msg: string, fields: Record<string, unknown>): void {
  console.error(JSON.stringify({ level: 40, time: Date.now(), ...origin(), msg, ...fields }));
}
