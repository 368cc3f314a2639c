import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELETION_REPORT_PATHS,
  DeletionDecisionBodySchema,
  DeletionItemSchema,
  DeletionListQuerySchema,
  DeletionListSchema,
  DeletionNoticeQuerySchema,
  DeletionNoticeSchema,
  DeletionReportBodySchema,
} from '@portal/contracts/account-deletion';
import { CONSOLE_ROUTES, ConsoleIdParamsSchema } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import { mailLanguageOf } from '../notifications/mail-language';
import type { AccountDeletionService } from './account-deletion-service';

const tags = ['account-deletion'];

/** The notice's report page (public, by the link's token) and the console's review of reports. */
export const accountDeletionRoutes: FastifyPluginAsyncZod<{
  service: AccountDeletionService;
  access: Access;
}> = async (app, { service, access }) => {
  app.addHook('onRequest', noStore);

  await app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(open, publicAccess);
    // POST, not GET: the token stays out of URLs and so out of every log.
    open.post(
      DELETION_REPORT_PATHS.notice,
      {
        schema: {
          tags,
          summary: "A deletion notice's stated date and report deadline, by its link's token",
          body: DeletionNoticeQuerySchema,
          response: { 200: dataEnvelope(DeletionNoticeSchema), ...errorResponses(400, 404) },
        },
      },
      async (request) => ({ data: await service.deletionNotice(request.body.token) }),
    );
    open.post(
      DELETION_REPORT_PATHS.report,
      {
        schema: {
          tags,
          summary:
            'Report that a deletion notice is a mistake (until 5 days after the stated date)',
          body: DeletionReportBodySchema,
          response: { 200: dataEnvelope(DeletionNoticeSchema), ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => ({
        data: await service.reportMistake(
          request.body,
          request.ip,
          mailLanguageOf(request.headers['accept-language']),
        ),
      }),
    );
  });

  await app.register(async (scope) => {
    const staffOnly = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(staffOnly, access.requireStaff('deletions'));
    const consoleErrors = errorResponses(400, 401, 403, 404, 409);
    staffOnly.get(
      CONSOLE_ROUTES.accountDeletions,
      {
        schema: {
          tags: ['console'],
          summary: 'Deletions of accounts whose owners left the registry, reports first',
          querystring: DeletionListQuerySchema,
          response: { 200: dataEnvelope(DeletionListSchema), ...consoleErrors },
        },
      },
      async (request) => ({ data: await service.listDeletions(request.query) }),
    );
    staffOnly.post(
      CONSOLE_ROUTES.decideDeletion,
      {
        schema: {
          tags: ['console'],
          summary: 'Decide a report: uphold (nothing is deleted) or reject (the clock resumes)',
          params: ConsoleIdParamsSchema,
          body: DeletionDecisionBodySchema,
          response: { 200: dataEnvelope(DeletionItemSchema), ...consoleErrors },
        },
      },
      async (request) => {
        const staff = callingStaff(request);
        return {
          data: await service.decideDeletion(
            staff,
            Number(request.params.id),
            request.body.decision,
            request.ip,
          ),
        };
      },
    );
  });
};
