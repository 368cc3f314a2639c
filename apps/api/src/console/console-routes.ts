import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONSOLE_ROUTES,
  ConsoleIdParamsSchema,
  OfficeRequestDetailSchema,
  OfficeRequestListQuerySchema,
  OfficeRequestListSchema,
  ReferralCodeCreateSchema,
  ReferralCodeItemSchema,
  ReferralCodeListSchema,
  RejectBodySchema,
} from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { declareAccess } from '../access/access-scope';
import type { Access } from '../access/access';
import { callingStaff } from '../access/caller';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { ConsoleService } from './console-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['console'];

/**
 * The ministry's console API for offices: staff with a second factor and the role of
 * each section, every call checked by its scope's hook.
 */
export const consoleRoutes: FastifyPluginAsyncZod<{
  service: ConsoleService;
  access: Access;
}> = async (app, { service, access }) => {
  app.addHook('onRequest', noStore);

  // Office requests and their letters: the reviewer's section.
  await app.register(async (scope) => {
    const reviewers = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(reviewers, access.requireStaff('office-requests'));

    reviewers.get(
      CONSOLE_ROUTES.officeRequests,
      {
        schema: {
          tags,
          summary: 'Office requests for review, filtered and paged',
          querystring: OfficeRequestListQuerySchema,
          response: { 200: dataEnvelope(OfficeRequestListSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.listOfficeRequests(request.query) }),
    );
    reviewers.get(
      CONSOLE_ROUTES.officeRequest,
      {
        schema: {
          tags,
          summary: 'One office request with every field',
          params: ConsoleIdParamsSchema,
          response: { 200: dataEnvelope(OfficeRequestDetailSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.officeRequestDetail(Number(request.params.id)) }),
    );
    reviewers.get(
      CONSOLE_ROUTES.officeRequestLetter,
      {
        schema: {
          tags,
          summary: "The request's letter (or `?file=report`, its education report), as PDF",
          params: ConsoleIdParamsSchema,
          querystring: z.object({ file: z.enum(['letter', 'report']).default('letter') }),
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const staff = callingStaff(request);
        const pdf = await service.officeRequestFile(
          staff,
          Number(request.params.id),
          request.query.file,
          request.ip,
        );
        return (
          reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', 'inline')
            .header('x-content-type-options', 'nosniff')
            // Opened on its own, the letter is a document of its own origin with no scripts, no
            // forms and no navigation of its opener (decision 0238).
            .header('content-security-policy', "sandbox; default-src 'none'")
            .send(pdf)
        );
      },
    );
    reviewers.post(
      CONSOLE_ROUTES.approve,
      {
        schema: {
          tags,
          summary: 'Approve: the office account is created by a job and mailed to the applicant',
          params: ConsoleIdParamsSchema,
          response: { 200: dataEnvelope(OfficeRequestDetailSchema), ...errors },
        },
      },
      async (request) => {
        const staff = callingStaff(request);
        return {
          data: await service.approveOfficeRequest(staff, Number(request.params.id), request.ip),
        };
      },
    );
    reviewers.post(
      CONSOLE_ROUTES.reject,
      {
        schema: {
          tags,
          summary: 'Reject with a reason, mailed to the applicant',
          params: ConsoleIdParamsSchema,
          body: RejectBodySchema,
          response: { 200: dataEnvelope(OfficeRequestDetailSchema), ...errors },
        },
      },
      async (request) => {
        const staff = callingStaff(request);
        return {
          data: await service.rejectOfficeRequest(
            staff,
            Number(request.params.id),
            request.body.reason,
            request.ip,
          ),
        };
      },
    );
  });

  // Referral codes: the referral-code manager's section.
  await app.register(async (scope) => {
    const referrals = scope.withTypeProvider<ZodTypeProvider>();
    declareAccess(referrals, access.requireStaff('referral-codes'));
    referrals.get(
      CONSOLE_ROUTES.referralCodes,
      {
        schema: {
          tags,
          summary: 'Referral codes, newest first',
          response: { 200: dataEnvelope(ReferralCodeListSchema), ...errors },
        },
      },
      async () => ({ data: await service.listReferralCodes() }),
    );
    referrals.post(
      CONSOLE_ROUTES.referralCodes,
      {
        schema: {
          tags,
          summary: 'Create a referral code with a use limit and an expiry',
          body: ReferralCodeCreateSchema,
          response: { 201: dataEnvelope(ReferralCodeItemSchema), ...errors },
        },
      },
      async (request, reply) => {
        const staff = callingStaff(request);
        const created = await service.createReferralCode(staff, request.body, request.ip);
        return reply.status(201).send({ data: created });
      },
    );
    referrals.post(
      CONSOLE_ROUTES.revokeReferralCode,
      {
        schema: {
          tags,
          summary: 'Revoke a referral code',
          params: ConsoleIdParamsSchema,
          response: { 200: dataEnvelope(ReferralCodeItemSchema), ...errors },
        },
      },
      async (request) => {
        const staff = callingStaff(request);
        return {
          data: await service.revokeReferralCode(staff, Number(request.params.id), request.ip),
        };
      },
    );
  });
};
