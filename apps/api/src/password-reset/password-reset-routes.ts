import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareAccess, publicAccess } from '../access/access-scope';
import { noStore } from '../http/no-store';
import { dataEnvelope } from '@portal/contracts/envelope';
import {
  RESET_PATHS,
  ResetVerifyResultSchema,
  SendOtpBodySchema,
  SendOtpResultSchema,
  SetPasswordBodySchema,
  SetPasswordResultSchema,
  ValidateOtpBodySchema,
  ValidateOtpResultSchema,
} from '@portal/contracts/password-reset';
import type { PasswordResetService } from './password-reset-service';
import { errorResponses } from '../http/error-responses';
import { mailLanguageOf } from '../notifications/mail-language';

const errors = errorResponses(400, 401, 429, 503);

export const passwordResetRoutes: FastifyPluginAsyncZod<{ service: PasswordResetService }> = async (
  app,
  { service },
) => {
  declareAccess(app, publicAccess);
  const tags = ['password-reset'];
  app.addHook('onRequest', noStore);

  app.post(
    RESET_PATHS.verify,
    {
      schema: {
        tags,
        summary:
          'Check the learning account and birth date; answer which contacts can receive a code',
        body: service.verifyBodySchema,
        response: { 200: dataEnvelope(ResetVerifyResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.verify(request.body, request.ip) }),
  );

  app.post(
    RESET_PATHS.sendOtp,
    {
      schema: {
        tags,
        summary: 'Send a one-time code by e-mail or phone; answers the session id',
        body: SendOtpBodySchema,
        response: { 200: dataEnvelope(SendOtpResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.sendOtp(
        request.body.token,
        request.body.metode,
        request.ip,
        mailLanguageOf(request.headers['accept-language']),
      ),
    }),
  );

  app.post(
    RESET_PATHS.validateOtp,
    {
      schema: {
        tags,
        summary: 'Check the one-time code of the session',
        body: ValidateOtpBodySchema,
        response: { 200: dataEnvelope(ValidateOtpResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.validateOtp(request.body.session_id, request.body.otp, request.ip),
    }),
  );

  app.post(
    RESET_PATHS.setPassword,
    {
      schema: {
        tags,
        summary: 'Set the new password of a verified session',
        body: SetPasswordBodySchema,
        response: { 200: dataEnvelope(SetPasswordResultSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.setPassword(
        request.body.session_id,
        request.body.password,
        request.ip,
        mailLanguageOf(request.headers['accept-language']),
      ),
    }),
  );
};
