import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHANGE_EMAIL_CONFIRM_PATH,
  ChangeEmailBodySchema,
  ChangeEmailResultSchema,
  ConfirmEmailChangeBodySchema,
  ConfirmEmailChangeResultSchema,
  LOOKUP_BASE,
} from '@portal/contracts/account-lookup';
import { dataEnvelope } from '@portal/contracts/envelope';
import { declareAccess, publicAccess } from '../access/access-scope';
import { bearer, tokenOf } from '../account-lookup/lookup-token';
import { noStore } from '../http/no-store';
import type { EmailChangeService } from './email-change-service';
import { errorResponses } from '../http/error-responses';
import { mailLanguageOf } from '../notifications/mail-language';

const errors = errorResponses(400, 401, 403, 404, 429);

/** The change of personal e-mail after a lookup (SPEC §7), authorized by the lookup token. */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ service: EmailChangeService }> = async (
  app,
  { service },
) => {
  // The lookup token of SPEC §7 is a step of the anonymous lookup, not a sign-in: checked here.
  declareAccess(app, publicAccess);
  const tags = ['email-change'];
  app.addHook('onRequest', noStore);

  app.post(
    `${LOOKUP_BASE}/change-email`,
    {
      schema: {
        tags,
        summary: 'Start a change of personal e-mail: a code goes to the new address',
        ...bearer,
        body: ChangeEmailBodySchema,
        response: { 200: dataEnvelope(ChangeEmailResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.start(
        tokenOf(request, request.body.token),
        request.body.email,
        request.ip,
        mailLanguageOf(request.headers['accept-language']),
      ),
    }),
  );

  app.post(
    CHANGE_EMAIL_CONFIRM_PATH,
    {
      schema: {
        tags,
        summary:
          'Confirm the change of personal e-mail with the codes sent to the new address and to the contact on file',
        ...bearer,
        body: ConfirmEmailChangeBodySchema,
        response: { 200: dataEnvelope(ConfirmEmailChangeResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.confirm(
        tokenOf(request, request.body.token),
        request.body.code,
        request.body.code_current,
        request.ip,
        mailLanguageOf(request.headers['accept-language']),
      ),
    }),
  );
};
