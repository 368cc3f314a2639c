import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTES, ConsoleIdParamsSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  AcceptInvitationBodySchema,
  StaffInviteBodySchema,
  StaffListSchema,
  StaffMemberSchema,
  StaffRolesBodySchema,
  StaffSelfSchema,
  STAFF_ROUTES,
} from '@portal/contracts/staff';
import { z } from 'zod';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { StaffService } from './staff-service';

const tags = ['console'];
const member = { 200: dataEnvelope(StaffMemberSchema), ...errorResponses(400, 401, 403, 404, 409) };

/**
 * The console's routes about staff: who is signed in (any member), the staff
 * section (staff admins), and the invitation link (the invited person, before any sign-in).
 */
export const staffRoutes: FastifyPluginAsyncZod<{ service: StaffService; access: Access }> = async (
  app,
  { service, access },
) => {
  app.addHook('onRequest', noStore);

  await app.register(async (scope) => {
    const anyStaff = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(anyStaff, access.requireStaff());
    anyStaff.get(
      CONSOLE_ROUTES.staffSelf,
      {
        schema: {
          tags,
          summary: 'The signed-in staff member: address, roles and the console sections they open',
          response: { 200: dataEnvelope(StaffSelfSchema), ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ data: await service.self(callingStaff(request)) }),
    );
  });

  await app.register(async (scope) => {
    const admins = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(admins, access.requireStaff('staff'));
    admins.get(
      STAFF_ROUTES.list,
      {
        schema: {
          tags,
          summary: 'Every staff member with their roles, status and last sign-in',
          response: { 200: dataEnvelope(StaffListSchema), ...errorResponses(401, 403) },
        },
      },
      async () => ({ data: { items: await service.list() } }),
    );
    admins.post(
      STAFF_ROUTES.list,
      {
        schema: {
          tags,
          summary: 'Invite an address of the staff domain with its roles (mails a link, 72 hours)',
          body: StaffInviteBodySchema,
          response: { 201: dataEnvelope(StaffMemberSchema), ...member },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { data: await service.invite(callingStaff(request), request.body, request.ip) };
      },
    );
    admins.put(
      STAFF_ROUTES.roles,
      {
        schema: {
          tags,
          summary: "Set another member's roles (granted and withdrawn at once)",
          params: ConsoleIdParamsSchema,
          body: StaffRolesBodySchema,
          response: member,
        },
      },
      async (request) => ({
        data: await service.setRoles(
          callingStaff(request),
          Number(request.params.id),
          request.body.roles,
          request.ip,
        ),
      }),
    );
    const actions = [
      [STAFF_ROUTES.disable, 'Disable a member: their sessions and refresh tokens end', 'disable'],
      [STAFF_ROUTES.enable, 'Enable a disabled member again', 'enable'],
      [
        STAFF_ROUTES.resetSecondFactor,
        "Forget a member's second factor: their next sign-in enrols one again",
        'resetSecondFactor',
      ],
      [
        STAFF_ROUTES.invitation,
        'Send an unused invitation again, with a new link',
        'resendInvitation',
      ],
    ] as const;
    for (const [url, summary, operation] of actions) {
      admins.post(
        url,
        { schema: { tags, summary, params: ConsoleIdParamsSchema, response: member } },
        async (request) => ({
          data: await service[operation](
            callingStaff(request),
            Number(request.params.id),
            request.ip,
          ),
        }),
      );
    }
  });

  await app.register(async (scope) => {
    const invited = scope.withTypeProvider<ZodTypeProvider>();
    // The invitation's token is what guards it: 256 random bits, once, for 72 hours.
    declareAccess(invited, publicAccess);
    invited.post(
      STAFF_ROUTES.acceptInvitation,
      {
        schema: {
          tags,
          summary: "The invited person's password, with the invitation link's token",
          body: AcceptInvitationBodySchema,
          response: {
            200: dataEnvelope(z.object({ email: z.string() })),
            ...errorResponses(400),
          },
        },
      },
      async (request) => ({ data: await service.acceptInvitation(request.body, request.ip) }),
    );
  });
};
