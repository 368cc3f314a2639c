import type { FastifyServerOptions } from 'fastify';

/**
 * Keys whose values are personal data (UU 27/2022). Bodies, query strings and headers are
 * never logged at all; this list is the second line of defence for anything logged by hand.
 */
const PERSONAL_KEYS = [
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

const redactPaths = PERSONAL_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

type RawRequest = { method?: string; url?: string; routeOptions?: { url?: string }; id?: string };

/** Logger settings: JSON lines, request logs by route pattern (no query string, no body). */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactPaths, censor: '[redacted]' },
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
      // Driver errors carry the offending values in `detail` (`Key (email)=(...)`): keep only
      // what identifies the failure.
      err(error: Error & { code?: unknown; statusCode?: unknown }) {
        return {
          type: error.name,
          message: error.message,
          code: error.code,
          statusCode: error.statusCode,
          stack: error.stack ?? '',
        };
      },
    },
  };
}
