import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PasskeyCreationOptionsSchema,
  PasskeyIdParamsSchema,
  PasskeyRegistrationBodySchema,
} from '@portal/contracts/passkeys';
import {
  ConfirmationBodySchema,
  PasskeyAddedSchema,
  RecoveryCodesSchema,
  SIGN_IN_METHODS_ROUTES,
  SignInMethodsSchema,
  TotpConfirmBodySchema,
  TotpStartSchema,
} from '@portal/contracts/sign-in-methods';
import { z } from 'zod';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingAccount } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import { mailLanguageOf } from '../notifications/mail-language';
import type { SignInMethodsService } from './sign-in-methods-service';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The profile's "Metode masuk": the signed-in account holder's second factor, an
 * authenticator app and passkeys, and the recovery codes that come with it.
 */
export const signInMethodsRoutes: FastifyPluginAsyncZod<{
  service: SignInMethodsService;
  access: Access;
}> = async (app, { service, access }) => {
  app.addHook('onRequest', noStore);
  declareAccess(app, access.requireAccount());
  const tags = ['profile'];
  const me = (request: Parameters<typeof callingAccount>[0]) => callingAccount(request).accountId;
  /** The caller of a change: the account and how its session signed in (the step-up rule). */
  const changer = (request: Parameters<typeof callingAccount>[0]) => {
    const { accountId, assurance } = callingAccount(request);
    return { accountId, assurance };
  };
  const language = (request: { headers: { 'accept-language'?: string | undefined } }) =>
    mailLanguageOf(request.headers['accept-language']);

  app.get(
    SIGN_IN_METHODS_ROUTES.overview,
    {
      schema: {
        tags,
        summary: "The account's second factors, recovery codes left, and whether it must hold one",
        response: { 200: dataEnvelope(SignInMethodsSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.overview(me(request)) }),
  );

  app.post(
    SIGN_IN_METHODS_ROUTES.totpStart,
    {
      schema: {
        tags,
        summary: 'Start enrolling an authenticator app: its secret and QR code (pending)',
        response: { 200: dataEnvelope(TotpStartSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.startTotp(changer(request)) }),
  );

  app.post(
    SIGN_IN_METHODS_ROUTES.totpConfirm,
    {
      schema: {
        tags,
        summary: 'Confirm the app with a first code; the first second factor brings recovery codes',
        body: TotpConfirmBodySchema,
        response: { 200: dataEnvelope(RecoveryCodesSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.confirmTotp(
        changer(request),
        request.body.code,
        request.ip,
        language(request),
      ),
    }),
  );

  app.post(
    SIGN_IN_METHODS_ROUTES.totpRemove,
    {
      schema: {
        tags,
        summary: 'Remove the authenticator app, confirmed with the password or an app code',
        body: ConfirmationBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeTotp(changer(request), request.body.confirmation, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    SIGN_IN_METHODS_ROUTES.passkeyOptions,
    {
      schema: {
        tags,
        summary: 'Start adding a passkey: the options for navigator.credentials.create()',
        response: { 200: dataEnvelope(PasskeyCreationOptionsSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.passkeyOptions(changer(request)) }),
  );

  app.post(
    SIGN_IN_METHODS_ROUTES.passkeys,
    {
      schema: {
        tags,
        summary: 'Add a passkey: the browser answer to the open challenge',
        body: PasskeyRegistrationBodySchema,
        response: { 201: dataEnvelope(PasskeyAddedSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.addPasskey(
          changer(request),
          request.body,
          request.ip,
          language(request),
        ),
      }),
  );

  app.post(
    SIGN_IN_METHODS_ROUTES.passkeyRemove,
    {
      schema: {
        tags,
        summary: 'Remove one of the account passkeys, confirmed with the password or an app code',
        params: PasskeyIdParamsSchema,
        body: ConfirmationBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removePasskey(
        changer(request),
        Number(request.params.id),
        request.body.confirmation,
        request.ip,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    SIGN_IN_METHODS_ROUTES.recoveryCodes,
    {
      schema: {
        tags,
        summary: 'New recovery codes in place of the old ones, shown once',
        body: ConfirmationBodySchema,
        response: { 200: dataEnvelope(RecoveryCodesSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.renewRecoveryCodes(
        changer(request),
        request.body.confirmation,
        request.ip,
      ),
    }),
  );
};
