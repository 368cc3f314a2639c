import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OFFICE_REQUEST_MESSAGES,
  MAX_UPLOAD_BYTES,
  PRIVATE_UPLOAD_PATH,
  UploadResultSchema,
} from '@portal/contracts/office-request';
import { dataEnvelope } from '@portal/contracts/envelope';
import { declareAccess, publicAccess } from '../access/access-scope';
import { DomainError, ValidationError } from '../http/domain-errors';
import { errorResponses } from '../http/error-responses';
import { noStore } from '../http/no-store';
import type { UploadsService } from './uploads-service';

const UPLOADS_PER_HOUR_PER_IP = 30;

const tooLarge = () =>
  new DomainError('PAYLOAD_TOO_LARGE', 413, {
    id: 'payload_too_large',
    message: OFFICE_REQUEST_MESSAGES.fileTooLarge,
  });

const malformed = () =>
  new DomainError('BAD_REQUEST', 400, {
    id: 'bad_request',
    message: OFFICE_REQUEST_MESSAGES.uploadMalformed,
    fieldErrors: [{ field: 'file', message: OFFICE_REQUEST_MESSAGES.uploadMalformed }],
  });

/**
 * What a failure to read the multipart body says: the parser's limits are the client's (413 and
 * 4xx as they come), and anything else it throws (busboy's "Unexpected end of form", "Malformed
 * part header", a boundary it cannot find) is a body it cannot read, never a fault of ours.
 */
function bodyError(error: unknown): Error {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (error instanceof Error && statusCode !== undefined && statusCode >= 400 && statusCode < 500)
    return error;
  return malformed();
}

/**
 * SPEC §7: the office's letter, as one multipart file, without credentials. At most 5 MB is
 * read; anything bigger is refused before it is kept anywhere.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ service: UploadsService }> = async (
  app,
  { service },
) => {
  declareAccess(app, publicAccess);
  app.addHook('onRequest', noStore);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  await app.register(fastifyRateLimit, {
    max: UPLOADS_PER_HOUR_PER_IP,
    timeWindow: 60 * 60_000,
    ...service.rateLimitCounters('uploads'),
  });
  app.post(
    PRIVATE_UPLOAD_PATH,
    {
      // The multipart body is read by the handler, with its own limit.
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        tags: ['file'],
        summary:
          "Upload an office's official letter (PDF, at most 5 MB); answers an opaque reference",
        consumes: ['multipart/form-data'],
        response: {
          200: dataEnvelope(UploadResultSchema),
          ...errorResponses(400, 413, 415, 429, 503),
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new ValidationError([
          { field: 'file', message: OFFICE_REQUEST_MESSAGES.fileMissing },
        ]);
      }
      const file = await request.file().catch((error: unknown) => {
        throw bodyError(error);
      });
      if (!file)
        throw new ValidationError([
          { field: 'file', message: OFFICE_REQUEST_MESSAGES.fileMissing },
        ]);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        throw bodyError(error);
      }
      return { data: await service.acceptLetter({ filename: file.filename, bytes }, request.ip) };
    },
  );
};
