import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../http/no-store';
import { z } from 'zod';
import {
  AccountCreationResultSchema,
  LOOKUP_BASE,
  LOOKUP_MESSAGES,
  LookupRequestSchema,
  LookupResultSchema,
  RequestPasswordBodySchema,
  RequestPasswordQuerySchema,
  RequestPasswordResultSchema,
  SchoolByNpsnQuerySchema,
  SchoolSchema,
  SchoolSearchQuerySchema,
  TokenOnlyBodySchema,
  dataEnvelope,
} from '@portal/contracts/account-lookup';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { UserTypeSchema } from '@portal/contracts/user-types';
import { ValidationError } from '../http/domain-errors';
import type { AccountLookupService } from './account-lookup-service';
import { bearer, tokenOf } from './lookup-token';

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

export const accountLookupRoutes: FastifyPluginAsyncZod<{ service: AccountLookupService }> = async (
  app,
  { service },
) => {
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
      );
      return reply.status(result.status === 'queued' ? 202 : 200).send({ data: result });
    },
  );

  app.post(
    `${LOOKUP_BASE}/:type`,
    {
      schema: {
        tags,
        summary: 'Find the learning accounts of a person by their data (SPEC §3)',
        params: z.object({ type: UserTypeSchema }),
        body: LookupRequestSchema,
        response: { 200: dataEnvelope(LookupResultSchema), ...errors },
      },
      // The path names the user type; a body that leaves it out takes it from there.
      preValidation: (request, _reply, done) => {
        const body = request.body as Record<string, unknown> | null;
        const params = request.params as { type?: string };
        if (body && typeof body === 'object' && body['userType'] === undefined)
          body['userType'] = params.type;
        done();
      },
    },
    async (request) => {
      if (request.body.userType !== request.params.type) {
        throw new ValidationError([
          { field: 'userType', message: LOOKUP_MESSAGES.userTypeMismatch },
        ]);
      }
      return { data: await service.lookup(request.body, request.ip) };
    },
  );
};
