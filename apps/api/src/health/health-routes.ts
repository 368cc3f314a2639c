import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { Database } from '../db/database';

const READINESS_TIMEOUT_MS = 2_000;

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Mail that keeps failing does not stop this instance serving, so it is reported, not a 503. */
  outbox: z.object({ status: z.enum(['ok', 'failing']), failing: z.number().int() }).optional(),
});

type OutboxHealth = { health(): Promise<{ status: 'ok' | 'failing'; failing: number }> };

/**
 * Liveness says the process runs; readiness says it can serve, i.e. the database answers, and
 * how the outbox fares (messages still failing after several attempts).
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  outbox: OutboxHealth;
}> = async (app, { database, outbox }) => {
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
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('database did not answer in time')),
          READINESS_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([database.ping(), timeout]);
        return { status: 'ok' as const, outbox: await Promise.race([outbox.health(), timeout]) };
      } catch (error) {
        app.log.warn({ err: error }, 'not ready');
        return reply.status(503).send({ status: 'unavailable' as const });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
