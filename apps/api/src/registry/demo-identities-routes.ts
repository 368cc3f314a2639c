import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import { demoIdentities } from './demo-identities';
import { DEMO_PASSWORD } from './demo-passwords';

/**
 * The demo identities as JSON, for people trying the portal and for browser journeys.
 * Registered only outside production, where the registry is synthetic.
 */
export const demoIdentitiesRoutes: FastifyPluginAsync<{
  database: Database;
  productName: string;
}> = async (app, { database, productName }) => {
  app.get('/dev/demo-identities', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { password: DEMO_PASSWORD, identities: await demoIdentities(database, productName) };
  });
};
