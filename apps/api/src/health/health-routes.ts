import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { HealthService } from './health-service';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Mail that keeps failing does not stop this instance serving, so it is reported, not a 503. */
  outbox: z.object({ status: z.enum(['ok', 'failing']), failing: z.number().int() }).optional(),
});

/**
 * Liveness says the process runs; readiness says it can serve, i.e. the database answers, and
 * how the outbox fares (messages still failing after several attempts).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (
  app,
  { service },
) => {
  declareAccess(app, publicAccess);
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: HealthSchema } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: HealthSchema, 503: HealthSchema } },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      try {
        return { status: 'ok' as const, ...(await service.readiness()) };
      } catch (error) {
        app.log.warn({ err: error }, 'not ready');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
