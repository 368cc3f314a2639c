import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PROFILE_PATH,
  ProfileSchema,
  SCHOOL_ADMINS_PATH,
  SchoolAdminsSchema,
} from '@portal/contracts/profile';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access-service';
import { callingAccount } from '../access/caller';
import { noStore } from '../http/no-store';
import type { ProfileService } from './profile-service';

type Options = { service: ProfileService; access: Access };

/** `/profile` (SPEC §2): the signed-in person's accounts and recent security events. */
export const profileRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, access }) => {
  app.addHook('onRequest', noStore);
  declareAccess(app, access.requireAccount());
  app.get(
    PROFILE_PATH,
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in person: accounts, schools, masked e-mail, recent security events',
        response: { 200: dataEnvelope(ProfileSchema), 401: ApiErrorBodySchema },
      },
    },
    async (request) => ({ data: await service.profileOf(callingAccount(request).accountId) }),
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
    async (request) => ({ data: await service.schoolAdminsOf(callingAccount(request).accountId) }),
  );
};
