import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTES } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { StaffSelfSchema } from '@portal/contracts/staff-roles';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access-service';
import { callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { StaffService } from './staff-service';

/** The console's own routes about staff (issue 34): any signed-in member, whatever their roles. */
export const staffRoutes: FastifyPluginAsyncZod<{ service: StaffService; access: Access }> = async (
  app,
  { service, access },
) => {
  app.addHook('onRequest', noStore);
  declareAccess(app, access.requireStaff());
  app.get(
    CONSOLE_ROUTES.staffSelf,
    {
      schema: {
        tags: ['console'],
        summary: 'The signed-in staff member: address, roles and the console sections they open',
        response: { 200: dataEnvelope(StaffSelfSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await service.self(callingStaff(request)) }),
  );
};
