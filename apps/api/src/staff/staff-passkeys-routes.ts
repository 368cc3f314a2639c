import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PasskeyCreationOptionsSchema,
  PasskeyIdParamsSchema,
  PasskeyListSchema,
  PasskeyRegistrationBodySchema,
  PasskeySchema,
  STAFF_PASSKEY_ROUTES,
} from '@portal/contracts/passkeys';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { StaffPasskeysService } from './staff-passkeys-service';

const errors = errorResponses(400, 401, 403, 404);

/** The console's calls for a staff member's own passkeys: list, add, remove. */
export const staffPasskeysRoutes: FastifyPluginAsyncZod<{
  service: StaffPasskeysService;
  access: Access;
}> = async (app, { service, access }) => {
  app.addHook('onRequest', noStore);
  declareAccess(app, access.requireStaff());
  const tags = ['console'];

  app.get(
    STAFF_PASSKEY_ROUTES.passkeys,
    {
      schema: {
        tags,
        summary: "The calling staff member's passkeys, oldest first",
        response: { 200: dataEnvelope(PasskeyListSchema), ...errors },
      },
    },
    async (request) => ({
      data: { items: await service.list(callingStaff(request).staffId) },
    }),
  );

  app.post(
    STAFF_PASSKEY_ROUTES.registrationOptions,
    {
      schema: {
        tags,
        summary:
          'Start adding a passkey: the options for navigator.credentials.create(), with a challenge open for a few minutes',
        response: { 200: dataEnvelope(PasskeyCreationOptionsSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.registrationOptions(callingStaff(request).staffId),
    }),
  );

  app.post(
    STAFF_PASSKEY_ROUTES.passkeys,
    {
      schema: {
        tags,
        summary: "Add a passkey: the browser's answer to the open challenge, verified",
        body: PasskeyRegistrationBodySchema,
        response: { 201: dataEnvelope(PasskeySchema), ...errors },
      },
    },
    async (request, reply) => {
      const added = await service.register(callingStaff(request).staffId, request.body, request.ip);
      return reply.status(201).send({ data: added });
    },
  );

  app.post(
    STAFF_PASSKEY_ROUTES.remove,
    {
      schema: {
        tags,
        summary:
          "Remove one of the calling staff member's passkeys; answers those left (the authenticator app stays)",
        params: PasskeyIdParamsSchema,
        response: { 200: dataEnvelope(PasskeyListSchema), ...errors },
      },
    },
    async (request) => {
      const { staffId } = callingStaff(request);
      await service.remove(staffId, Number(request.params.id), request.ip);
      return { data: { items: await service.list(staffId) } };
    },
  );
};
