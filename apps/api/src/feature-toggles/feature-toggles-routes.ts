import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REMOTE_CONFIG_PATH, RemoteConfigSchema } from '@portal/contracts/feature-toggles';
import type { FeatureTogglesService } from './feature-toggles-service';

export const featureTogglesRoutes: FastifyPluginAsyncZod<{
  service: FeatureTogglesService;
}> = async (app, { service }) => {
  app.get(
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
};
