import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareAccess, publicAccess } from '../access/access-scope';
import { noStore } from '../http/no-store';
import { z } from 'zod';
import {
  AccountCreationResultSchema,
  LOOKUP_BASE,
  LOOKUP_BODY_SCHEMAS,
  type LookupRequest,
  LookupResultSchema,
  RequestPasswordBodySchema,
  RequestPasswordQuerySchema,
  RequestPasswordResultSchema,
  SchoolByNpsnQuerySchema,
  SchoolSchema,
  SchoolSearchQuerySchema,
  TokenOnlyBodySchema,
} from '@portal/contracts/account-lookup';
import { dataEnvelope } from '@portal/contracts/envelope';
import { UserTypeSchema } from '@portal/contracts/user-types';
import type { AccountLookupService } from './account-lookup-service';
import { bearer, tokenOf } from './lookup-token';
import { errorResponses } from '../http/error-responses';
import { mailLanguageOf } from '../notifications/mail-language';

const errors = errorResponses(400, 401, 403, 404, 429);

export const accountLookupRoutes: FastifyPluginAsyncZod<{ service: AccountLookupService }> = async (
  app,
  { service },
) => {
  // The lookup token of SPEC §7 is a step of the anonymous lookup, not a sign-in: checked here.
  declareAccess(app, publicAccess);
  const tags = ['account-lookup'];
  app.addHook('onRequest', noStore);

  app.get(
    `${LOOKUP_BASE}/sekolah`,
    {
      schema: {
        tags,
        summary: 'A school by its NPSN',
        querystring: SchoolByNpsnQuerySchema,
        response: { 200: dataEnvelope(SchoolSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.schoolByNpsn(request.query.npsn, request.ip) }),
  );

  app.get(
    `${LOOKUP_BASE}/sekolah/list`,
    {
      schema: {
        tags,
        summary: 'Schools whose name contains the words typed',
        querystring: SchoolSearchQuerySchema,
        response: { 200: dataEnvelope(z.array(SchoolSchema)), ...errors },
      },
    },
    async (request) => ({ data: await service.schoolsByName(request.query.name, request.ip) }),
  );

  app.post(
    `${LOOKUP_BASE}/request-password`,
    {
      schema: {
        tags,
        summary: 'Send the account details to the contact on file',
        ...bearer,
        querystring: RequestPasswordQuerySchema,
        body: RequestPasswordBodySchema,
        response: { 200: dataEnvelope(RequestPasswordResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.requestDetails(
        tokenOf(request, request.body.token),
        request.query.method,
        request.ip,
        mailLanguageOf(request.headers['accept-language']),
      ),
    }),
  );

  app.post(
    `${LOOKUP_BASE}/:type/request-account-creation`,
    {
      schema: {
        tags,
        summary: 'Request a learning account for a person found without one',
        ...bearer,
        params: z.object({ type: UserTypeSchema }),
        body: TokenOnlyBodySchema,
        response: {
          202: dataEnvelope(AccountCreationResultSchema),
          200: dataEnvelope(AccountCreationResultSchema),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const result = await service.requestAccountCreation(
        tokenOf(request, request.body.token),
        request.params.type,
        request.ip,
        mailLanguageOf(request.headers['accept-language']),
      );
      return reply.status(result.status === 'queued' ? 202 : 200).send({ data: result });
    },
  );

  // One route per user type: the path alone says it, and its body schema follows from it.
  for (const userType of UserTypeSchema.options) {
    app.post(
      `${LOOKUP_BASE}/${userType}`,
      {
        schema: {
          tags,
          summary: `Find the learning accounts of a person (${userType}) by their data (SPEC §3)`,
          body: LOOKUP_BODY_SCHEMAS[userType],
          response: { 200: dataEnvelope(LookupResultSchema), ...errors },
        },
      },
      async (request) => ({
        data: await service.lookup({ ...request.body, userType } as LookupRequest, request.ip),
      }),
    );
  }
};
