import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@portal/contracts/api-error';
import { isDatabaseUnavailable } from '../db/database-errors';
import { DomainError, RateLimitedError } from './domain-errors';

type FieldError = { field: string; message: string };

/** The error body of SPEC §8: the same text in `message`, `error.message` and `errors[0]`. */
export function errorBody(
  code: ErrorCode,
  message: string,
  options: { description?: string | undefined; fieldErrors?: readonly FieldError[] } = {},
): ApiErrorBody {
  const fieldErrors = options.fieldErrors ?? [];
  return {
    message,
    error: { code, message, ...(options.description ? { description: options.description } : {}) },
    errors: fieldErrors.length > 0 ? [...fieldErrors] : [{ field: '', message }],
  };
}

const CLIENT_ERRORS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: ERROR_MESSAGES.dataInvalid },
  401: { code: 'UNAUTHORIZED', message: ERROR_MESSAGES.unauthorized },
  403: { code: 'FORBIDDEN', message: ERROR_MESSAGES.forbidden },
  404: { code: 'NOT_FOUND', message: ERROR_MESSAGES.notFound },
  413: { code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.payloadTooLarge },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_MESSAGES.unsupportedMediaType },
  429: { code: 'RATE_LIMITED', message: ERROR_MESSAGES.rateLimited },
};

/** Zod messages are written for the user in the schemas; a path names the field. */
function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const custom = issue.message !== undefined && !/^(Invalid input|Required)/i.test(issue.message);
    return {
      field: path,
      message: custom && issue.message ? issue.message : ERROR_MESSAGES.required,
    };
  });
}

/** One error handler for the whole API: every error becomes a body of SPEC §8, never internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode >= 500) request.log.error({ err: error }, 'domain error');
      return reply.status(error.statusCode).send(
        errorBody(error.code, error.message, {
          description: error.description,
          fieldErrors: error.fieldErrors,
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = fieldErrorsOf(error);
      // One field wrong: its own message says most; several: the summary, each field its own.
      const only = fieldErrors.length === 1 ? fieldErrors[0] : undefined;
      return reply.status(400).send(
        errorBody('VALIDATION_FAILED', only ? only.message : ERROR_MESSAGES.dataInvalid, {
          fieldErrors,
        }),
      );
    }
    const status = error.statusCode ?? 500;
    const known = CLIENT_ERRORS[status];
    if (status < 500 && known && !isResponseSerializationError(error)) {
      return reply.status(status).send(errorBody(known.code, known.message));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('BAD_REQUEST', ERROR_MESSAGES.dataInvalid));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', ERROR_MESSAGES.unavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', ERROR_MESSAGES.generic));
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(errorBody('NOT_FOUND', ERROR_MESSAGES.notFound)),
  );
}
