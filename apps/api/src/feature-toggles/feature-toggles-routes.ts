import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSOLE_ROUTES,
  ToggleChangeBodySchema,
  ToggleKeyParamsSchema,
  ToggleOverviewSchema,
} from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { REMOTE_CONFIG_PATH, RemoteConfigSchema } from '@portal/contracts/feature-toggles';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { FeatureTogglesService } from './feature-toggles-service';

const consoleErrors = errorResponses(400, 401, 403, 409);

export const featureTogglesRoutes: FastifyPluginAsyncZod<{
  service: FeatureTogglesService;
  access: Access;
}> = async (app, { service, access }) => {
  await app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(open, publicAccess);
    open.get(
      REMOTE_CONFIG_PATH,
      {
        schema: {
          tags: ['remote-config'],
          summary: 'Feature toggles and text settings (SPEC §3), fetched by the web at every start',
          response: { 200: RemoteConfigSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.remoteConfig();
      },
    );
  });

  // The console's part: staff with their second factor see and change them.
  await app.register(async (scope) => {
    const staffOnly = scope.withTypeProvider<ZodTypeProvider>();
    staffOnly.addHook('onRequest', noStore);
    declareAccess(staffOnly, access.requireStaff('toggles'));
    staffOnly.get(
      CONSOLE_ROUTES.featureToggles,
      {
        schema: {
          tags: ['console'],
          summary: 'Every toggle and text setting now, and the latest changes with who made them',
          response: { 200: dataEnvelope(ToggleOverviewSchema), ...consoleErrors },
        },
      },
      async () => ({ data: await service.overview() }),
    );
    staffOnly.put(
      CONSOLE_ROUTES.featureToggle,
      {
        schema: {
          tags: ['console'],
          summary:
            'Change one toggle or setting; `previous` is the value the staff member saw (409 if it changed meanwhile)',
          params: ToggleKeyParamsSchema,
          body: ToggleChangeBodySchema,
          response: { 200: dataEnvelope(ToggleOverviewSchema), ...consoleErrors },
        },
      },
      async (request) => {
        const { staffId } = callingStaff(request);
        const { value, previous } = request.body;
        await service.change(request.params.key, value, `staff:${staffId}`, previous);
        return { data: await service.overview() };
      },
    );
  });
};
