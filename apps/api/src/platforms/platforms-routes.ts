import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  CONNECTED_PLATFORM_ROUTES,
  ConnectedPlatformListSchema,
  ConnectedPlatformParamsSchema,
  PLATFORM_ROUTES,
  PlatformClientSchema,
  PlatformCreateBodySchema,
  PlatformListSchema,
  PlatformParamsSchema,
  PlatformRotateSecretBodySchema,
  PlatformUpdateBodySchema,
  PlatformWithSecretSchema,
} from '@portal/contracts/platforms';
import { z } from 'zod';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingAccount, callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { PlatformsService } from './platforms-service';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The console's platform registry (platform admins, section `platforms`) and the signed-in
 * person's connected platforms.
 */
export const platformsRoutes: FastifyPluginAsyncZod<{
  service: PlatformsService;
  access: Access;
}> = async (app, { service, access }) => {
  await app.register(async (scope) => {
    const tags = ['console'];
    const staffOnly = scope.withTypeProvider<ZodTypeProvider>();
    staffOnly.addHook('onRequest', noStore);
    declareAccess(staffOnly, access.requireStaff('platforms'));

    staffOnly.get(
      PLATFORM_ROUTES.all,
      {
        schema: {
          tags,
          summary: 'Every registered platform (OpenID client), by name',
          response: { 200: dataEnvelope(PlatformListSchema), ...errors },
        },
      },
      async () => ({ data: await service.list() }),
    );
    staffOnly.post(
      PLATFORM_ROUTES.all,
      {
        schema: {
          tags,
          summary:
            'Register a platform; a client_secret_basic one gets its secret, shown this once',
          body: PlatformCreateBodySchema,
          response: { 201: dataEnvelope(PlatformWithSecretSchema), ...errors },
        },
      },
      async (request, reply) => {
        const created = await service.create(callingStaff(request), request.body, request.ip);
        return reply.status(201).send({ data: created });
      },
    );
    staffOnly.get(
      PLATFORM_ROUTES.one,
      {
        schema: {
          tags,
          summary: 'One platform',
          params: PlatformParamsSchema,
          response: { 200: dataEnvelope(PlatformClientSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.get(request.params.clientId) }),
    );
    staffOnly.put(
      PLATFORM_ROUTES.one,
      {
        schema: {
          tags,
          summary:
            "Change a platform's settings; a scope taken away ends the grants of everyone who signed in to it",
          params: PlatformParamsSchema,
          body: PlatformUpdateBodySchema,
          response: { 200: dataEnvelope(PlatformClientSchema), ...errors },
        },
      },
      async (request) => ({
        data: await service.update(
          callingStaff(request),
          request.params.clientId,
          request.body,
          request.ip,
        ),
      }),
    );
    staffOnly.post(
      PLATFORM_ROUTES.rotateSecret,
      {
        schema: {
          tags,
          summary:
            'A new client secret, shown this once; the previous one stays valid for the overlap',
          params: PlatformParamsSchema,
          body: PlatformRotateSecretBodySchema,
          response: { 200: dataEnvelope(PlatformWithSecretSchema), ...errors },
        },
      },
      async (request) => ({
        data: await service.rotateSecret(
          callingStaff(request),
          request.params.clientId,
          request.body.overlapHours,
          request.ip,
        ),
      }),
    );
    for (const [route, disabled] of [
      [PLATFORM_ROUTES.disable, true],
      [PLATFORM_ROUTES.enable, false],
    ] as const) {
      staffOnly.post(
        route,
        {
          schema: {
            tags,
            summary: disabled
              ? 'Disable: refused at once, every grant and token of it ended'
              : 'Enable a disabled platform again',
            params: PlatformParamsSchema,
            response: { 200: dataEnvelope(PlatformClientSchema), ...errors },
          },
        },
        async (request) => ({
          data: await service.setDisabled(
            callingStaff(request),
            request.params.clientId,
            disabled,
            request.ip,
          ),
        }),
      );
    }
  });

  await app.register(async (scope) => {
    const tags = ['profile'];
    const person = scope.withTypeProvider<ZodTypeProvider>();
    person.addHook('onRequest', noStore);
    declareAccess(person, access.requireAccount());
    person.get(
      CONNECTED_PLATFORM_ROUTES.list,
      {
        schema: {
          tags,
          summary: 'The platforms the signed-in person connected, and what each receives',
          response: { 200: dataEnvelope(ConnectedPlatformListSchema), ...errors },
        },
      },
      async (request) => ({
        data: await service.connectedPlatforms(callingAccount(request).accountId),
      }),
    );
    person.delete(
      CONNECTED_PLATFORM_ROUTES.withdraw,
      {
        schema: {
          tags,
          summary:
            "Withdraw a platform's access: its grants and refresh tokens end, its next sign-in asks again",
          params: ConnectedPlatformParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.withdraw(
          callingAccount(request).accountId,
          request.params.clientId,
          request.ip,
        );
        return reply.status(204).send(null);
      },
    );
  });
};
