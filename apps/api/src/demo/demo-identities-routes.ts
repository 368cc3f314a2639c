import type { FastifyPluginAsync } from 'fastify';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { Database } from '../db/database';
import { demoIdentities } from './demo-identities';
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, demoSignInAccounts } from './demo-passwords';

/**
 * The demo identities as JSON, for people trying the portal and for browser journeys.
 * Registered only outside production, where the registry is synthetic.
 */
export const demoIdentitiesRoutes: FastifyPluginAsync<{
  database: Database;
  productName: string;
  staffDomain: string;
}> = async (app, { database, productName, staffDomain }) => {
  declareAccess(app, publicAccess);
  app.get('/dev/demo-identities', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const identities = await demoIdentities(database.db, productName);
    const signIn = (
      await demoSignInAccounts(database.db, { identities, productName, staffDomain })
    ).map(({ role, email, password }) => ({ role, email, password }));
    return { password: DEMO_PASSWORD, identities, signIn, referralCode: DEMO_REFERRAL_CODE };
  });
};
