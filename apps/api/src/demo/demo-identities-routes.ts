import type { FastifyPluginAsync } from 'fastify';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { DemoIdentitiesService } from './demo-identities-service';

/**
 * The demo identities as JSON, for people trying the portal and for browser journeys.
 * Registered only outside production, where the registry is synthetic.
 */
export const demoIdentitiesRoutes: FastifyPluginAsync<{ service: DemoIdentitiesService }> = async (
  app,
  { service },
) => {
  declareAccess(app, publicAccess);
  app.get('/dev/demo-identities', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.accountsToTry();
  });
};
