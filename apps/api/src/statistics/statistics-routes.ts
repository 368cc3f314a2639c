import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PublicStatisticsSchema,
  STATISTICS_PATHS,
  StatisticsQuerySchema,
  StatisticsSchema,
} from '@portal/contracts/statistics';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { StatisticsService } from './statistics-service';

const PUBLIC_REQUESTS_PER_MINUTE_PER_IP = 30;
// The public figures move once a minute at most; a shared cache may keep them this long.
const PUBLIC_CACHE_SECONDS = 300;
const tags = ['statistics'];

/** The staff dashboard's figures (console) and the public daily funnels (`/statistik`). */
export const statisticsRoutes: FastifyPluginAsyncZod<{
  service: StatisticsService;
  access: Access;
}> = async (app, { service, access }) => {
  await app.register(async (scope) => {
    const staffOnly = scope.withTypeProvider<ZodTypeProvider>();
    staffOnly.addHook('onRequest', noStore);
    declareAccess(staffOnly, access.requireStaff('statistics'));
    staffOnly.get(
      STATISTICS_PATHS.console,
      {
        schema: {
          tags,
          summary: 'Daily funnels, events by name, sign-ins and the review backlog (staff only)',
          querystring: StatisticsQuerySchema,
          response: { 200: dataEnvelope(StatisticsSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ data: await service.staffStatistics(request.query) }),
    );
  });

  await app.register(async (scope) => {
    const limited = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(limited, publicAccess);
    await limited.register(fastifyRateLimit, {
      max: PUBLIC_REQUESTS_PER_MINUTE_PER_IP,
      timeWindow: 60_000,
      ...service.rateLimitCounters('statistics'),
    });
    limited.get(
      STATISTICS_PATHS.public,
      {
        schema: {
          tags,
          summary: 'The daily lookup and reset funnels: counts only, open to anyone',
          querystring: StatisticsQuerySchema,
          response: { 200: dataEnvelope(PublicStatisticsSchema), ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        const data = await service.publicStatistics(request.query);
        reply.header('cache-control', `public, max-age=${PUBLIC_CACHE_SECONDS}`);
        return { data };
      },
    );
  });
};
