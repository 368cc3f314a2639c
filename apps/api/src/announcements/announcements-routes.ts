import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANNOUNCEMENT_ROUTES,
  AnnouncementInputSchema,
  AnnouncementItemSchema,
  AnnouncementListSchema,
  PublicAnnouncementListSchema,
} from '@portal/contracts/announcements';
import { ConsoleIdParamsSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { staffOf } from '../console/staff-access';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { ProfileDependencies } from '../profile/profile-service';
import type { AnnouncementsService } from './announcements-service';

// Every visitor with the bar on asks at start: a minute in caches keeps that off the database,
// and a change reaches everyone within about as long.
const PUBLIC_CACHE = 'public, max-age=60';
const errors = errorResponses(400, 401, 403, 404);

/** The public list of SPEC §7 and the console's announcement calls (staff only). */
export const announcementsRoutes: FastifyPluginAsyncZod<{
  service: AnnouncementsService;
  access: ProfileDependencies;
}> = async (app, { service, access }) => {
  app.get(
    ANNOUNCEMENT_ROUTES.public,
    {
      schema: {
        tags: ['announcements'],
        summary: 'Announcements showing now (active, inside their schedule), newest first',
        response: { 200: dataEnvelope(PublicAnnouncementListSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return { data: await service.showingNow() };
    },
  );

  // The console's calls: staff only, answers never cached.
  const tags = ['console'];
  const staffOfRequest = (authorization: string | undefined) => staffOf(access, authorization);

  app.get(
    ANNOUNCEMENT_ROUTES.all,
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Every announcement with its state, newest first',
        response: { 200: dataEnvelope(AnnouncementListSchema), ...errors },
      },
    },
    async (request) => {
      await staffOfRequest(request.headers.authorization);
      return { data: await service.list() };
    },
  );
  app.post(
    ANNOUNCEMENT_ROUTES.all,
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Write an announcement (Markdown), inactive until activated',
        body: AnnouncementInputSchema,
        response: { 201: dataEnvelope(AnnouncementItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const staff = await staffOfRequest(request.headers.authorization);
      const created = await service.create(staff, request.body, request.ip);
      return reply.status(201).send({ data: created });
    },
  );
  app.post(
    ANNOUNCEMENT_ROUTES.one,
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "Change an announcement's text and schedule",
        params: ConsoleIdParamsSchema,
        body: AnnouncementInputSchema,
        response: { 200: dataEnvelope(AnnouncementItemSchema), ...errors },
      },
    },
    async (request) => {
      const staff = await staffOfRequest(request.headers.authorization);
      const id = Number(request.params.id);
      return { data: await service.update(staff, id, request.body, request.ip) };
    },
  );
  for (const [route, isActive] of [
    [ANNOUNCEMENT_ROUTES.activate, true],
    [ANNOUNCEMENT_ROUTES.deactivate, false],
  ] as const) {
    app.post(
      route,
      {
        onRequest: noStore,
        schema: {
          tags,
          summary: isActive
            ? 'Activate: shown while inside its schedule'
            : 'Deactivate: shown no more',
          params: ConsoleIdParamsSchema,
          response: { 200: dataEnvelope(AnnouncementItemSchema), ...errors },
        },
      },
      async (request) => {
        const staff = await staffOfRequest(request.headers.authorization);
        const id = Number(request.params.id);
        return { data: await service.setActive(staff, id, isActive, request.ip) };
      },
    );
  }
};
