import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ANNOUNCEMENT_ROUTES,
  AnnouncementInputSchema,
  AnnouncementItemSchema,
  AnnouncementListSchema,
  PublicAnnouncementListSchema,
} from '@portal/contracts/announcements';
import { ConsoleIdParamsSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { AnnouncementsService } from './announcements-service';

// Every visitor with the bar on asks at start: a minute in caches keeps that off the database,
// and a change reaches everyone within about as long.
const PUBLIC_CACHE = 'public, max-age=60';
const errors = errorResponses(400, 401, 403, 404);

/** The public list of SPEC §7 and the console's announcement calls (staff only). */
export const announcementsRoutes: FastifyPluginAsyncZod<{
  service: AnnouncementsService;
  access: Access;
}> = async (app, { service, access }) => {
  await app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(open, publicAccess);
    open.get(
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
  });

  await app.register(async (scope) => {
    // The console's calls: staff only, answers never cached.
    const tags = ['console'];
    const staffOnly = scope.withTypeProvider<ZodTypeProvider>();
    staffOnly.addHook('onRequest', noStore);
    declareAccess(staffOnly, access.requireStaff('announcements'));

    staffOnly.get(
      ANNOUNCEMENT_ROUTES.all,
      {
        schema: {
          tags,
          summary: 'Every announcement with its state, newest first',
          response: { 200: dataEnvelope(AnnouncementListSchema), ...errors },
        },
      },
      async () => ({ data: await service.list() }),
    );
    staffOnly.post(
      ANNOUNCEMENT_ROUTES.all,
      {
        schema: {
          tags,
          summary: 'Write an announcement (Markdown), inactive until activated',
          body: AnnouncementInputSchema,
          response: { 201: dataEnvelope(AnnouncementItemSchema), ...errors },
        },
      },
      async (request, reply) => {
        const staff = callingStaff(request);
        const created = await service.create(staff, request.body, request.ip);
        return reply.status(201).send({ data: created });
      },
    );
    staffOnly.post(
      ANNOUNCEMENT_ROUTES.one,
      {
        schema: {
          tags,
          summary: "Change an announcement's text and schedule",
          params: ConsoleIdParamsSchema,
          body: AnnouncementInputSchema,
          response: { 200: dataEnvelope(AnnouncementItemSchema), ...errors },
        },
      },
      async (request) => {
        const staff = callingStaff(request);
        const id = Number(request.params.id);
        return { data: await service.update(staff, id, request.body, request.ip) };
      },
    );
    for (const [route, isActive] of [
      [ANNOUNCEMENT_ROUTES.activate, true],
      [ANNOUNCEMENT_ROUTES.deactivate, false],
    ] as const) {
      staffOnly.post(
        route,
        {
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
          const staff = callingStaff(request);
          const id = Number(request.params.id);
          return { data: await service.setActive(staff, id, isActive, request.ip) };
        },
      );
    }
  });
};
