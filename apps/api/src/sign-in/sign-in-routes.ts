import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import {
  AUTHENTICATION_METHODS,
  ConsentBodySchema,
  ConsentResultSchema,
  INTERACTION_PATHS,
  InteractionDetailsSchema,
  InteractionParamsSchema,
  NewPasswordBodySchema,
  SignInBodySchema,
  SignInResultSchema,
  TotpBodySchema,
  TotpEnrolBodySchema,
  TotpEnrolledSchema,
  TotpEnrolmentSchema,
} from '@portal/contracts/sign-in';
import {
  PasskeyAuthenticationResponseSchema,
  PasskeyRequestOptionsSchema,
} from '@portal/contracts/passkeys';
import { declareAccess, publicAccess } from '../access/access-scope';
import { DomainError, UnauthorizedError } from '../http/domain-errors';
import { noStore } from '../http/no-store';
import { whenTokenAnswered, type Providers } from './oidc-provider';
import {
  clientOf,
  consentScopes,
  interactionSteps,
  pendingOf,
  redirectOrigin,
} from './interaction-steps';
import type { SignInService } from './sign-in-service';
import { wantsPage, type SignInPages } from './sign-in-pages';
import { errorResponses } from '../http/error-responses';

type Options = { providers: Providers; mountPath: string };

const BAD_REQUEST = { id: 'bad_request', message: ERROR_MESSAGES.dataInvalid } as const;

/**
 * The client a token request names: HTTP Basic's user, the form's `client_id`, or the issuer of
 * its client assertion (read, not checked: the provider checks it, so it is only a claim).
 * Undefined when none.
 */
export function tokenClientOf(authorization: string | undefined, form: string): string | undefined {
  let id: string | undefined;
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const user = decoded.split(':')[0];
    try {
      id = user === undefined ? undefined : decodeURIComponent(user);
    } catch {
      id = undefined;
    }
  } else {
    const params = new URLSearchParams(form);
    id = params.get('client_id') ?? undefined;
    const assertion = params.get('client_assertion');
    if (!id && assertion) {
      try {
        const payload = JSON.parse(
          Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8'),
        ) as { iss?: unknown };
        id = typeof payload.iss === 'string' ? payload.iss : undefined;
      } catch {
        id = undefined;
      }
    }
  }
  return id && id.length <= 64 ? id : undefined;
}

/**
 * The provider's own endpoints (discovery, authorization, token, JWKS, userinfo, revocation,
 * logout) at its mount path. The provider reads its request bodies itself: this scope leaves
 * them unread.
 */
export const oidcProviderRoutes: FastifyPluginAsync<
  Options & { tokenRequests: Pick<SignInService, 'admitTokenRequest' | 'countTokenRequest'> }
> = async (app, { providers, mountPath, tokenRequests }) => {
  declareAccess(app, publicAccess);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // A form is read here (the token endpoint's names the client it claims to be, for the limits);
  // the provider then takes the read body (`req.body`) instead of the stream.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (request, body, done) => {
      (request.raw as IncomingMessage & { body?: string }).body = String(body);
      done(null, String(body));
    },
  );
  app.all(`${mountPath}/*`, { schema: { hide: true } }, async (request, reply) => {
    // The provider builds its URLs from the Host (outside production): HTTP/1.0 may leave it out.
    if (request.headers.host === undefined) throw new DomainError('BAD_REQUEST', 400, BAD_REQUEST);
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    if (request.method === 'POST' && request.url.split('?')[0] === `${mountPath}/token`) {
      const claimed =
        typeof request.body === 'string'
          ? tokenClientOf(request.headers.authorization, request.body)
          : undefined;
      await tokenRequests.admitTokenRequest(claimed, request.ip);
      whenTokenAnswered(raw, (grantedTo) => tokenRequests.countTokenRequest(grantedTo, request.ip));
    }
    const callback = providers.callback();
    reply.hijack();
    // Mounted the way Express mounts: the provider routes on the rest of the path and builds its
    // URLs from the original one.
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice(mountPath.length) || '/';
    void callback(raw, reply.raw as ServerResponse);
    return reply;
  });
};

const errors = errorResponses(400, 401, 404, 429, 503);

/** The calls of the web app's sign-in page, beside the provider's endpoints. */
export const signInRoutes: FastifyPluginAsyncZod<
  Options & { service: SignInService; pages: SignInPages }
> = async (app, { providers, mountPath, service, pages }) => {
  declareAccess(app, publicAccess);
  const tags = ['sign-in'];
  app.addHook('onRequest', noStore);

  const steps = interactionSteps(providers);

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
      // A browser's navigation gets the step's page; a script's call, the details.
      if (wantsPage(request)) return pages.currentStep(request, reply, request.params.uid);
      const { provider, interaction } = await steps.interactionOf(
        request,
        reply,
        request.params.uid,
      );
      const clientId = String(interaction.params['client_id'] ?? '');
      const client = await provider.Client.find(clientId);
      const pending = pendingOf(interaction);
      const consent = interaction.prompt.name === 'consent';
      const choices =
        pending?.step === 'totp'
          ? await service.secondFactorChoices(pending.accountId)
          : { totp: false, passkey: false };
      return {
        uid: interaction.uid,
        prompt: interaction.prompt.name,
        step: pending?.step ?? null,
        bot_check: consent ? false : await service.botCheckNeeded(request.ip),
        passkey: choices.passkey,
        totp: choices.totp,
        client: {
          id: clientId,
          name: client?.clientName ?? null,
          logo_uri: client?.logoUri ?? null,
          address: redirectOrigin(interaction),
        },
        consent: consent
          ? {
              // Offline access comes with the registration (the provider drops the scope
              // without prompt=consent): the page names it when the platform has it.
              scopes: consentScopes(
                interaction,
                client?.grantTypeAllowed('refresh_token') ? ['offline_access'] : [],
              ),
            }
          : null,
      };
    },
  );

  app.post(
    `${mountPath}${INTERACTION_PATHS.consent}`,
    {
      schema: {
        tags,
        summary:
          "A platform's consent page: allow what it asks to receive (remembered until withdrawn) or decline",
        params: InteractionParamsSchema,
        body: ConsentBodySchema,
        response: { 200: ConsentResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      steps.answerConsent(request, reply, request.params.uid, request.body.decision, service),
  );

  app.post(
    `${mountPath}${INTERACTION_PATHS.login}`,
    {
      schema: {
        tags,
        summary:
          'Check the account address and password; answers the next step, or where the browser goes next (the provider)',
        params: InteractionParamsSchema,
        body: SignInBodySchema,
        response: { 200: SignInResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await steps.interactionOf(request, reply, request.params.uid);
      if (found.interaction.prompt.name !== 'login') throw new UnauthorizedError();
      const { accountId, step } = await service.checkPassword(
        request.body,
        request.ip,
        clientOf(found.interaction),
      );
      return steps.advance(request, reply, found, accountId, step);
    },
  );

  app.post(
    `${mountPath}${INTERACTION_PATHS.newPassword}`,
    {
      schema: {
        tags,
        summary: 'Choose a new password in place of an initial one (first sign-in)',
        params: InteractionParamsSchema,
        body: NewPasswordBodySchema,
        response: { 200: SignInResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await steps.atStep(request, reply, request.params.uid, 'new-password');
      const { step } = await service.setNewPassword(
        found.accountId,
        request.body.password,
        request.ip,
        clientOf(found.interaction),
      );
      return steps.advance(request, reply, found, found.accountId, step);
    },
  );

  app.get(
    `${mountPath}${INTERACTION_PATHS.totpEnrol}`,
    {
      schema: {
        tags,
        summary: "Start enrolling a staff account's authenticator app: its secret and QR code",
        params: InteractionParamsSchema,
        response: { 200: TotpEnrolmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId } = await steps.atStep(request, reply, request.params.uid, 'totp-enrol');
      return service.startTotpEnrolment(accountId);
    },
  );

  app.post(
    `${mountPath}${INTERACTION_PATHS.totpEnrol}`,
    {
      schema: {
        tags,
        summary: 'Confirm the authenticator app with a first code; answers the recovery codes once',
        params: InteractionParamsSchema,
        body: TotpEnrolBodySchema,
        response: { 200: TotpEnrolledSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await steps.atStep(request, reply, request.params.uid, 'totp-enrol');
      const codes = await service.confirmTotpEnrolment(
        found.accountId,
        request.body.code,
        request.ip,
        clientOf(found.interaction),
      );
      const result = await steps.advance(
        request,
        reply,
        found,
        found.accountId,
        null,
        AUTHENTICATION_METHODS.oneTimePassword,
      );
      if (!('redirectTo' in result)) throw new UnauthorizedError();
      return { recovery_codes: codes, redirectTo: result.redirectTo };
    },
  );

  app.post(
    `${mountPath}${INTERACTION_PATHS.totp}`,
    {
      schema: {
        tags,
        summary:
          'The second factor (staff, or an account holder who enrolled one): an app code or a recovery code',
        params: InteractionParamsSchema,
        body: TotpBodySchema,
        response: { 200: SignInResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await steps.atStep(request, reply, request.params.uid, 'totp');
      const method = await service.verifySecondFactor(
        found.accountId,
        request.body,
        request.ip,
        clientOf(found.interaction),
      );
      return steps.advance(request, reply, found, found.accountId, null, method);
    },
  );

  app.get(
    `${mountPath}${INTERACTION_PATHS.passkey}`,
    {
      schema: {
        tags,
        summary: 'The second factor by passkey: the challenge for navigator.credentials.get()',
        params: InteractionParamsSchema,
        response: { 200: PasskeyRequestOptionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId } = await steps.atStep(request, reply, request.params.uid, 'totp');
      return service.passkeyOptions(accountId);
    },
  );

  app.post(
    `${mountPath}${INTERACTION_PATHS.passkey}`,
    {
      schema: {
        tags,
        summary: 'The second factor by passkey: the signed challenge',
        params: InteractionParamsSchema,
        body: PasskeyAuthenticationResponseSchema,
        response: { 200: SignInResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await steps.atStep(request, reply, request.params.uid, 'totp');
      const method = await service.verifyPasskey(
        found.accountId,
        request.body,
        request.ip,
        clientOf(found.interaction),
      );
      return steps.advance(request, reply, found, found.accountId, null, method);
    },
  );
};
