import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@portal/contracts/envelope';
import { AuditPageSchema, AuditQuerySchema, STAFF_ROUTES } from '@portal/contracts/staff';
import { z } from 'zod';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { AuditTrailService } from './audit-trail-service';

const tags = ['console'];

/** The console's audit section: auditors and staff admins, read only. */
export const auditTrailRoutes: FastifyPluginAsyncZod<{
  service: AuditTrailService;
  access: Access;
}> = async (app, { service, access }) => {
  app.addHook('onRequest', noStore);
  declareAccess(app, access.requireStaff('audit'));
  app.get(
    STAFF_ROUTES.audit,
    {
      schema: {
        tags,
        summary: 'What staff and commands did, newest first, filtered by person, action and day',
        querystring: AuditQuerySchema,
        response: { 200: dataEnvelope(AuditPageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await service.page(callingStaff(request), request.query, request.ip),
    }),
  );
  app.get(
    STAFF_ROUTES.auditCsv,
    {
      schema: {
        tags,
        summary: "The filter's newest 10,000 entries as CSV",
        querystring: AuditQuerySchema.omit({ page: true }),
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await service.csv(callingStaff(request), request.query, request.ip);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="jejak-audit.csv"')
        .send(csv);
    },
  );
};
