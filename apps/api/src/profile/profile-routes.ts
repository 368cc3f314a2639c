import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PROFILE_PATH,
  ProfileSchema,
  SCHOOL_ADMINS_PATH,
  SchoolAdminsSchema,
} from '@portal/contracts/profile';
import { UnauthorizedError } from '../http/domain-errors';
import { noStore } from '../http/no-store';
import {
  accountOfToken,
  profileOf,
  schoolAdminsOf,
  type ProfileDependencies,
} from './profile-service';

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
    async (request) => ({
      data: await profileOf(deps, await accountOfRequest(deps, request.headers.authorization)),
    }),
  );
  app.get(
    SCHOOL_ADMINS_PATH,
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in person's schools, whether they run each, and who does",
        response: { 200: dataEnvelope(SchoolAdminsSchema), 401: ApiErrorBodySchema },
      },
    },
    async (request) => ({
      data: await schoolAdminsOf(deps, await accountOfRequest(deps, request.headers.authorization)),
    }),
  );
};

/** The account of the request's bearer token (our provider's, for the API), or a 401. */
async function accountOfRequest(deps: ProfileDependencies, authorization: string | undefined) {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) throw new UnauthorizedError();
  return accountOfToken(deps, token);
}
