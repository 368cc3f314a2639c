import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BADGE_ROUTES,
  BadgeBatchBodySchema,
  BadgeBatchListSchema,
  BadgeBatchSchema,
  BadgeEndResultSchema,
  BadgeStudentSearchBodySchema,
  BadgeStudentSearchResultSchema,
} from '@portal/contracts/badges';
import { dataEnvelope } from '@portal/contracts/envelope';
import { SchoolItemParamsSchema, SchoolParamsSchema } from '@portal/contracts/school-admin';
import { z } from 'zod';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingSchoolAdmin } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { BadgesService } from './badges-service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The school admin's badges: every route is for the admin of the school it names. */
export const badgesRoutes: FastifyPluginAsyncZod<{
  service: BadgesService;
  access: Access;
}> = async (app, { service, access }) => {
  const tags = ['school-admin'];
  // Lists of children and a PDF of their secrets: never kept by a browser or a proxy.
  app.addHook('onRequest', noStore);

  // Reading the school's students, their live badges and the batches' progress: any sign-in
  // of its admin.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    declareAccess(scope, access.requireSchoolAdmin());

    scope.post(
      BADGE_ROUTES.students,
      {
        schema: {
          tags,
          summary:
            "The school's students with an account, each with their live badge and since when",
          params: SchoolParamsSchema,
          body: BadgeStudentSearchBodySchema,
          response: { 200: dataEnvelope(BadgeStudentSearchResultSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return { data: await service.searchBadgeStudents(admin, request.body) };
      },
    );

    scope.get(
      BADGE_ROUTES.batches,
      {
        schema: {
          tags,
          summary: "The school's newest badge batches with their progress",
          params: SchoolParamsSchema,
          response: { 200: dataEnvelope(BadgeBatchListSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return { data: { items: await service.listBadgeBatches(admin) } };
      },
    );

    scope.get(
      BADGE_ROUTES.batch,
      {
        schema: {
          tags,
          summary: 'One badge batch and its progress',
          params: SchoolItemParamsSchema,
          response: { 200: dataEnvelope(BadgeBatchSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return { data: await service.badgeBatchOf(admin, Number(request.params.id)) };
      },
    );
  });

  // Making badges hands out sign-ins to children's accounts, and their PDF carries the
  // secrets; ending them changes who can sign in: all need a recent second factor (0269).
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    declareAccess(scope, access.requireSchoolAdmin({ secondFactor: true }));

    scope.post(
      BADGE_ROUTES.batches,
      {
        schema: {
          tags,
          summary: 'Make badges for a class or for chosen students (in the background)',
          params: SchoolParamsSchema,
          body: BadgeBatchBodySchema,
          response: { 202: dataEnvelope(BadgeBatchSchema), ...errors },
        },
      },
      async (request, reply) => {
        const admin = callingSchoolAdmin(request);
        const batch = await service.submitBadgeBatch(admin, request.body, request.ip);
        return reply.status(202).send({ data: batch });
      },
    );

    // A POST: the one download forgets the secrets it carries.
    scope.post(
      BADGE_ROUTES.batchPdf,
      {
        schema: {
          tags,
          summary: "The batch's printable cards as one PDF (A4, eight a page), once",
          params: SchoolItemParamsSchema,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const admin = callingSchoolAdmin(request);
        const { pdf } = await service.badgeBatchPdf(admin, Number(request.params.id), request.ip);
        const name = `kartu-masuk-${request.params.npsn}-${request.params.id}.pdf`;
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(pdf);
      },
    );

    scope.post(
      BADGE_ROUTES.end,
      {
        schema: {
          tags,
          summary: 'End one live badge of the school',
          params: SchoolItemParamsSchema,
          response: { 200: dataEnvelope(BadgeEndResultSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return {
          data: await service.endBadge(admin, Number(request.params.id), request.ip),
        };
      },
    );

    scope.post(
      BADGE_ROUTES.endAll,
      {
        schema: {
          tags,
          summary: 'End every live badge of the school',
          params: SchoolParamsSchema,
          response: { 200: dataEnvelope(BadgeEndResultSchema), ...errors },
        },
      },
      async (request) => {
        const admin = callingSchoolAdmin(request);
        return { data: await service.endAllBadges(admin, request.ip) };
      },
    );
  });
};
