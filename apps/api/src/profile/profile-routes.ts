import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '@portal/contracts/api-error';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  ChangePasswordBodySchema,
  ChangePasswordResultSchema,
  DataExportQuerySchema,
  DataExportSchema,
  PersonalEmailBodySchema,
  PersonalEmailConfirmBodySchema,
  PersonalEmailConfirmedSchema,
  PersonalEmailStartedSchema,
  PROFILE_PATH,
  PROFILE_PATHS,
  ProfileSchema,
  SCHOOL_ADMINS_PATH,
  SchoolAdminsSchema,
  SessionParamsSchema,
  SessionsEndedSchema,
  SignedInSessionsSchema,
} from '@portal/contracts/profile';
import { z } from 'zod';
import { errorResponses } from '../http/error-responses';
import { mailLanguageOf } from '../notifications/mail-language';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingAccount } from '../access/caller';
import { noStore } from '../http/no-store';
import type { ProfileService } from './profile-service';

type Options = { service: ProfileService; access: Access };

const errors = errorResponses(400, 401, 404, 429);

/** `/profile` (SPEC §2): the signed-in person's accounts and recent security events. */
export const profileRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, access }) => {
  app.addHook('onRequest', noStore);
  declareAccess(app, access.requireAccount());
  app.get(
    PROFILE_PATH,
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in person: accounts, schools, masked e-mail, recent security events',
        response: { 200: dataEnvelope(ProfileSchema), 401: ApiErrorBodySchema },
      },
    },
    async (request) => ({ data: await service.profileOf(callingAccount(request).accountId) }),
  );
  app.get(
    SCHOOL_ADMINS_PATH,
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in person's schools, whether they run each, and who does",
        response: { 200: dataEnvelope(SchoolAdminsSchema), 401: ApiErrorBodySchema },
      },
    },
    async (request) => ({ data: await service.schoolAdminsOf(callingAccount(request).accountId) }),
  );

  const tags = ['profile'];
  const language = (request: { headers: { 'accept-language'?: string | undefined } }) =>
    mailLanguageOf(request.headers['accept-language']);

  app.post(
    PROFILE_PATHS.password,
    {
      schema: {
        tags,
        summary:
          'Change the password: the current one confirms it; every contact is told; other sessions end on request',
        body: ChangePasswordBodySchema,
        response: { 200: dataEnvelope(ChangePasswordResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.changePassword(
        callingAccount(request),
        request.body,
        request.ip,
        language(request),
      ),
    }),
  );

  app.post(
    PROFILE_PATHS.email,
    {
      schema: {
        tags,
        summary: 'Start a change of personal e-mail: a code goes to the new address',
        body: PersonalEmailBodySchema,
        response: { 200: dataEnvelope(PersonalEmailStartedSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.startPersonalEmailChange(
        callingAccount(request).accountId,
        request.body.email,
        request.ip,
        language(request),
      ),
    }),
  );

  app.post(
    PROFILE_PATHS.emailConfirm,
    {
      schema: {
        tags,
        summary: 'Confirm the new personal e-mail by its code; the contact on file is told',
        body: PersonalEmailConfirmBodySchema,
        response: { 200: dataEnvelope(PersonalEmailConfirmedSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.confirmPersonalEmailChange(
        callingAccount(request).accountId,
        request.body.code,
        request.ip,
        language(request),
      ),
    }),
  );

  app.get(
    PROFILE_PATHS.sessions,
    {
      schema: {
        tags,
        summary: 'Where the account is signed in: browser, system, first and last use',
        response: { 200: dataEnvelope(SignedInSessionsSchema), 401: ApiErrorBodySchema },
      },
    },
    async (request) => ({ data: await service.signedInSessions(callingAccount(request)) }),
  );

  app.post(
    PROFILE_PATHS.endOtherSessions,
    {
      schema: {
        tags,
        summary: 'End every session but this one, with their grants and refresh tokens',
        response: { 200: dataEnvelope(SessionsEndedSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.endOtherSessions(callingAccount(request), request.ip),
    }),
  );

  app.post(
    PROFILE_PATHS.endSession,
    {
      schema: {
        tags,
        summary: 'End one session, with its grants and refresh tokens',
        params: SessionParamsSchema,
        response: { 200: dataEnvelope(SessionsEndedSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.endSession(callingAccount(request), request.params.id, request.ip),
    }),
  );

  app.post(
    PROFILE_PATHS.dataExport,
    {
      schema: {
        tags,
        summary: 'A copy of what the portal holds about the caller: JSON, or a printable HTML page',
        querystring: DataExportQuerySchema,
        response: {
          200: z.union([DataExportSchema, z.string()]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const made = await service.exportPersonalData(
        callingAccount(request),
        request.query.format,
        request.ip,
        language(request),
      );
      const day = new Date().toISOString().slice(0, 10);
      const extension = made.format === 'json' ? 'json' : 'html';
      reply.header('content-disposition', `attachment; filename="data-akun-${day}.${extension}"`);
      if (made.format === 'html') {
        return reply.type('text/html; charset=utf-8').send(made.html);
      }
      return made.data;
    },
  );
};
