import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import {
  INTERACTION_PATHS,
  InteractionDetailsSchema,
  InteractionParamsSchema,
  SignInBodySchema,
  SignInResultSchema,
} from '@portal/contracts/sign-in';
import { DomainError, UnauthorizedError } from '../http/domain-errors';
import { noStore } from '../http/no-store';
import type { Providers } from './oidc-provider';
import type { SignInService } from './sign-in-service';

type Options = { providers: Providers; mountPath: string };

/**
 * The provider's own endpoints (discovery, authorization, token, JWKS, userinfo, revocation,
 * logout) at its mount path. The provider reads its request bodies itself: this scope leaves
 * them unread.
 */
export const oidcProviderRoutes: FastifyPluginAsync<Options> = async (
  app,
  { providers, mountPath },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.all(`${mountPath}/*`, { schema: { hide: true } }, (request, reply) => {
    const callback = providers.callback();
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    // Mounted the way Express mounts: the provider routes on the rest of the path and builds its
    // URLs from the original one.
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice(mountPath.length) || '/';
    void callback(raw, reply.raw as ServerResponse);
  });
};

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
  503: ApiErrorBodySchema,
};

/** The calls of the web app's sign-in page, beside the provider's endpoints. */
export const signInRoutes: FastifyPluginAsyncZod<Options & { service: SignInService }> = async (
  app,
  { providers, mountPath, service },
) => {
  const tags = ['sign-in'];
  app.addHook('onRequest', noStore);

  /** The interaction of this browser (its cookie) with this uid, or a 401 to start again. */
  async function interactionOf(request: FastifyRequest, reply: FastifyReply, uid: string) {
    const provider = providers.provider();
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid !== uid) throw new UnauthorizedError();
      return { provider, interaction };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The provider's SessionNotFound: no cookie, an expired or ended interaction.
      throw new UnauthorizedError();
    }
  }

  app.get(
    `${mountPath}${INTERACTION_PATHS.details}`,
    {
      schema: {
        tags,
        summary: 'What the sign-in page is asked for: the interaction of this browser',
        params: InteractionParamsSchema,
        response: { 200: InteractionDetailsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { provider, interaction } = await interactionOf(request, reply, request.params.uid);
      const clientId = String(interaction.params['client_id'] ?? '');
      const client = await provider.Client.find(clientId);
      return {
        uid: interaction.uid,
        prompt: interaction.prompt.name,
        client: { id: clientId, name: client?.clientName ?? null },
      };
    },
  );

  app.post(
    `${mountPath}${INTERACTION_PATHS.login}`,
    {
      schema: {
        tags,
        summary:
          'Check the account address and password; answers where the browser goes next (the provider)',
        params: InteractionParamsSchema,
        body: SignInBodySchema,
        response: { 200: SignInResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { provider, interaction } = await interactionOf(request, reply, request.params.uid);
      if (interaction.prompt.name !== 'login') throw new UnauthorizedError();
      const accountId = await service.checkPassword(request.body, request.ip);
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
  );
};
