import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { dataEnvelope } from '@portal/contracts/account-lookup';
import { PROFILE_PATH, ProfileSchema } from '@portal/contracts/profile';
import { UnauthorizedError } from '../http/domain-errors';
import { noStore } from '../http/no-store';
import { accountOfToken, profileOf, type ProfileDependencies } from './profile-service';

type Options = { deps: ProfileDependencies };

/** `/profile` (SPEC §2): the signed-in person's accounts and recent security events. */
export const profileRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps }) => {
  app.addHook('onRequest', noStore);
  app.get(
    PROFILE_PATH,
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in person: accounts, schools, masked e-mail, recent security events',
        response: { 200: dataEnvelope(ProfileSchema), 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw new UnauthorizedError();
      return { data: await profileOf(deps, await accountOfToken(deps, token)) };
    },
  );
};
