import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CityQuerySchema,
  CitySchema,
  OFFICE_REQUEST_PATHS,
  OfficeRequestBodySchema,
  OfficeRequestResultSchema,
  OFFICE_REQUEST_PLATFORMS,
  OFFICE_REQUEST_POSITIONS,
  PlatformSchema,
  PositionSchema,
  ReferralCheckBodySchema,
  ReferralCheckResultSchema,
} from '@portal/contracts/office-request';
import { dataEnvelope } from '@portal/contracts/envelope';
import { declareAccess, publicAccess } from '../access/access-scope';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import { mailLanguageOf } from '../notifications/mail-language';
import type { OfficeRequestService } from './office-request-service';

const REFERRAL_CHECKS_PER_MINUTE_PER_IP = 10;
const REQUESTS_PER_HOUR_PER_IP = 20;
const tags = ['office-request'];

/** The office request's lists and its referral code check (SPEC §7). */
export const officeRequestRoutes: FastifyPluginAsyncZod<{ service: OfficeRequestService }> = async (
  app,
  { service },
) => {
  declareAccess(app, publicAccess);
  app.addHook('onRequest', noStore);
  app.get(
    OFFICE_REQUEST_PATHS.cities,
    {
      schema: {
        tags,
        summary: 'The regencies and cities of a province',
        querystring: CityQuerySchema,
        response: { 200: dataEnvelope(z.array(CitySchema)), ...errorResponses(400) },
      },
    },
    async (request) => ({ data: await service.citiesOf(request.query.province) }),
  );
  app.get(
    OFFICE_REQUEST_PATHS.positions,
    {
      schema: {
        tags,
        summary: 'Positions in an office',
        response: { 200: dataEnvelope(z.array(PositionSchema)) },
      },
    },
    async () => ({ data: OFFICE_REQUEST_POSITIONS.map((position) => ({ ...position })) }),
  );
  app.get(
    OFFICE_REQUEST_PATHS.platforms,
    {
      schema: {
        tags,
        summary: 'Platforms an office account may be given',
        response: { 200: dataEnvelope(z.array(PlatformSchema)) },
      },
    },
    async () => ({ data: OFFICE_REQUEST_PLATFORMS.map((platform) => ({ ...platform })) }),
  );

  // Checks are limited per address: codes are not to be found by trying.
  await app.register(async (scope) => {
    const limited = scope.withTypeProvider<ZodTypeProvider>();
    await limited.register(fastifyRateLimit, {
      max: REFERRAL_CHECKS_PER_MINUTE_PER_IP,
      timeWindow: 60_000,
      ...service.rateLimitCounters('referral'),
    });
    limited.post(
      OFFICE_REQUEST_PATHS.referralCode,
      {
        schema: {
          tags,
          summary: 'Whether a referral code can be used now',
          body: ReferralCheckBodySchema,
          response: {
            200: dataEnvelope(ReferralCheckResultSchema),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (request) => ({ data: await service.checkReferralCode(request.body.referral_code) }),
    );
  });

  await app.register(async (scope) => {
    const limited = scope.withTypeProvider<ZodTypeProvider>();
    await limited.register(fastifyRateLimit, {
      max: REQUESTS_PER_HOUR_PER_IP,
      timeWindow: 60 * 60_000,
      ...service.rateLimitCounters('office-request'),
    });
    limited.post(
      OFFICE_REQUEST_PATHS.request,
      {
        schema: {
          tags,
          summary: "Submit an office's account request with its letter (SPEC §3)",
          body: OfficeRequestBodySchema,
          response: {
            201: dataEnvelope(OfficeRequestResultSchema),
            200: dataEnvelope(OfficeRequestResultSchema),
            ...errorResponses(400, 403, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const { result, created } = await service.submitOfficeRequest(
          request.body,
          request.ip,
          mailLanguageOf(request.headers['accept-language']),
        );
        return reply.status(created ? 201 : 200).send({ data: result });
      },
    );
  });
};
