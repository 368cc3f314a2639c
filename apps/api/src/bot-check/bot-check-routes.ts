import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOT_CHECK_CHALLENGE_PATH } from '@portal/contracts/account-lookup';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { BotCheckService } from './bot-check-service';

export const botCheckRoutes: FastifyPluginAsyncZod<{ service: BotCheckService }> = async (
  app,
  { service },
) => {
  declareAccess(app, publicAccess);
  app.get(
    BOT_CHECK_CHALLENGE_PATH,
    {
      schema: {
        tags: ['bot-check'],
        summary: 'A fresh proof-of-work challenge (ALTCHA) for the lookup forms',
        response: {
          200: z.looseObject({ parameters: z.looseObject({}) }),
          429: ApiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await service.challenge(request.ip)) as unknown as {
        parameters: Record<string, unknown>;
      };
    },
  );
};
