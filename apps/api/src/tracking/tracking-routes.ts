import { timingSafeEqual } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { TRACKING_PATH, TrackingRequestSchema } from '@portal/contracts/tracking';
import { UnauthorizedError } from '../http/domain-errors';
import type { RateLimitStore } from '../counters/rate-limit-store';
import type { TrackingService } from './tracking-service';

type Options = {
  service: TrackingService;
  credentials: { user: string; secret: string };
  rateLimit: RateLimitStore;
};

// Enough for a visitor who clicks around and flushes an offline queue; not for a flood.
const EVENTS_PER_MINUTE_PER_IP = 120;

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The event tracker of SPEC §7. Basic authorization identifies the portal's own client; it
 * is no secret (it ships in the web bundle), it keeps other sites' traffic out.
 */
export const trackingRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, credentials, rateLimit },
) => {
  await app.register(fastifyRateLimit, {
    max: EVENTS_PER_MINUTE_PER_IP,
    timeWindow: 60_000,
    ...rateLimit.fastifyOptions('tracking'),
  });

  const expected = `Basic ${Buffer.from(`${credentials.user}:${credentials.secret}`).toString('base64')}`;

  app.post(
    TRACKING_PATH,
    {
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['event-tracker'],
        summary: 'Store tracking events; personal attributes are replaced by a keyed hash first',
        body: TrackingRequestSchema,
        response: {
          202: z.object({ accepted: z.number().int() }),
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!sameText(request.headers.authorization ?? '', expected)) throw new UnauthorizedError();
      const accepted = await service.record(request.body.data);
      return reply.status(202).send({ accepted });
    },
  );
};
