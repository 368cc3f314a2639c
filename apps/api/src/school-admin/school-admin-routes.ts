import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  PasswordResetResultSchema,
  SCHOOL_ADMIN_ROUTES,
  STUDENT_REQUEST_PATH,
  SchoolAccountSearchResultSchema,
  SchoolItemParamsSchema,
  SchoolParamsSchema,
  SearchBodySchema,
  StudentRequestBodySchema,
  StudentRequestListSchema,
  StudentRequestSchema,
  StudentSearchBodySchema,
  StudentSearchResultSchema,
} from '@portal/contracts/school-admin';
import { z } from 'zod';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingSchoolAdmin } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { SchoolAdminService } from './school-admin-service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The school admin's API: every route is for the admin of the school it names. */
export const schoolAdminRoutes: FastifyPluginAsyncZod<{
  service: SchoolAdminService;
  access: Access;
}> = async (app, { service, access }) => {
  const tags = ['school-admin'];
  app.addHook('onRequest', noStore);

  // Reading the school's students, requests and accounts: any sign-in of its admin.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    declareAccess(scope, access.requireSchoolAdmin());

    scope.post(
      SCHOOL_ADMIN_ROUTES.studentSearch,
      {
        schema: {
          tags,
          summary: "The school's students without an account, and whether each can be requested",
          params: SchoolParamsSchema,
          body: StudentSearchBodySchema,
          response: { 200: dataEnvelope(StudentSearchResultSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return { data: await service.searchStudents(admin, request.body) };
      },
    );

    scope.get(
      SCHOOL_ADMIN_ROUTES.requests,
      {
        schema: {
          tags,
          summary: "The school's student requests, newest first, with their progress",
          params: SchoolParamsSchema,
          response: { 200: dataEnvelope(StudentRequestListSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return { data: { items: await service.listStudentRequests(admin) } };
      },
    );

    scope.get(
      SCHOOL_ADMIN_ROUTES.request,
      {
        schema: {
          tags,
          summary: 'One request and its progress',
          params: SchoolItemParamsSchema,
          response: { 200: dataEnvelope(StudentRequestSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return { data: await service.requestOf(admin, Number(request.params.id)) };
      },
    );

    // A POST: the first download forgets the initial passwords it carries.
    scope.post(
      SCHOOL_ADMIN_ROUTES.accountSearch,
      {
        schema: {
          tags,
          summary: "The learning accounts of the school's students",
          params: SchoolParamsSchema,
          body: SearchBodySchema,
          response: { 200: dataEnvelope(SchoolAccountSearchResultSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return { data: await service.searchSchoolAccounts(admin, request.body) };
      },
    );
  });

  // What hands out or changes access to students' accounts needs a recent second factor
  // (decision 0269): a student request, the initial passwords' CSV, a password reset.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    declareAccess(scope, access.requireSchoolAdmin({ secondFactor: true }));

    scope.post(
      STUDENT_REQUEST_PATH,
      {
        schema: {
          tags,
          summary: 'Request accounts for selected students of the school (SPEC §3: a bulk request)',
          body: StudentRequestBodySchema,
          response: {
            202: dataEnvelope(StudentRequestSchema),
            200: dataEnvelope(StudentRequestSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const admin = callingSchoolAdmin(request);
        const { request: submitted, created } = await service.submitStudentRequest(
          admin,
          request.body,
          request.ip,
        );
        return reply.status(created ? 202 : 200).send({ data: submitted });
      },
    );

    scope.post(
      SCHOOL_ADMIN_ROUTES.requestCsv,
      {
        schema: {
          tags,
          summary: 'The accounts of a finished request as CSV; initial passwords in the first only',
          params: SchoolItemParamsSchema,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const admin = callingSchoolAdmin(request);
        const { csv, withPasswords } = await service.studentRequestCsv(
          admin,
          Number(request.params.id),
          request.ip,
        );
        const name = `akun-peserta-didik-${request.params.npsn}-${request.params.id}${withPasswords ? '-dengan-kata-sandi' : ''}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(csv);
      },
    );

    scope.post(
      SCHOOL_ADMIN_ROUTES.accountPasswordReset,
      {
        schema: {
          tags,
          summary: "Give a student's account a new initial password, shown once",
          params: SchoolItemParamsSchema,
          response: { 200: dataEnvelope(PasswordResetResultSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return {
          data: await service.resetStudentPassword(admin, Number(request.params.id), request.ip),
        };
      },
    );
  });
};
