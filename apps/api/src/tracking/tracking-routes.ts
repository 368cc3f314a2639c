import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { TrackingClientSchema, TrackingRequestSchema } from '@portal/contracts/tracking';
import { TRACKING_CLIENT_PATH, TRACKING_PATH } from '@portal/contracts/tracking-client';
import { declareAccess, publicAccess } from '../access/access-scope';
import { UnauthorizedError } from '../http/domain-errors';
import type { TrackingService } from './tracking-service';

// Enough for a visitor who clicks around and flushes an offline queue; not for a flood.
const EVENTS_PER_MINUTE_PER_IP = 120;

/**
 * The event tracker of SPEC §7. Basic authorization identifies the portal's own client; it
 * is no secret (it ships in the web bundle), it keeps other sites' traffic out.
 */
export const trackingRoutes: FastifyPluginAsyncZod<{ service: TrackingService }> = async (
  app,
  { service },
) => {
  // Basic authorization names the portal's own client, not a person: checked by the route.
  declareAccess(app, publicAccess);
  await app.register(fastifyRateLimit, {
    max: EVENTS_PER_MINUTE_PER_IP,
    timeWindow: 60_000,
    ...service.rateLimitCounters('tracking'),
  });

  // The web reads the credentials here rather than from its build: one image serves every
  // deployment, and a build without them would have every event refused (decision 0205).
  app.get(
    TRACKING_CLIENT_PATH,
    {
      schema: {
        tags: ['event-tracker'],
        summary: "The basic authorization the portal's own tracking client sends",
        response: { 200: TrackingClientSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .send({ authorization: service.clientAuthorization() }),
  );

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
      if (!service.isOwnClient(request.headers.authorization)) throw new UnauthorizedError();
      const accepted = await service.record(request.body.data);
      return reply.status(202).send({ accepted });
    },
  );
};
