import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@portal/contracts/api-error';
import { isDatabaseUnavailable } from '../logging/database-errors';
import { DomainError, RateLimitedError, StepUpRequiredError, type Specific } from './domain-errors';

type FieldError = { field: string; message: string };

/**
 * The error body of SPEC §8: the same text in `message`, `error.message` and `errors[0]`, and
 * beside it the error's id and the numbers the text states (decision 0218).
 */
export function errorBody(
  code: ErrorCode,
  { id, message }: Specific,
  options: {
    description?: string | undefined;
    fieldErrors?: readonly FieldError[];
    attemptsLeft?: number | undefined;
    retryAfter?: number | undefined;
  } = {},
): ApiErrorBody {
  const fieldErrors = options.fieldErrors ?? [];
  return {
    message,
    error: {
      code,
      id,
      message,
      ...(options.description ? { description: options.description } : {}),
      ...(options.attemptsLeft === undefined ? {} : { attempts_left: options.attemptsLeft }),
      ...(options.retryAfter === undefined ? {} : { retry_after: options.retryAfter }),
    },
    errors: fieldErrors.length > 0 ? [...fieldErrors] : [{ field: '', message }],
  };
}

type ClientStatus = 400 | 401 | 403 | 404 | 413 | 415 | 429;

const CLIENT_ERRORS: Record<ClientStatus, { code: ErrorCode } & Specific> = {
  400: { code: 'BAD_REQUEST', id: 'bad_request', message: ERROR_MESSAGES.dataInvalid },
  401: { code: 'UNAUTHORIZED', id: 'unauthorized', message: ERROR_MESSAGES.unauthorized },
  403: { code: 'FORBIDDEN', id: 'forbidden', message: ERROR_MESSAGES.forbidden },
  404: { code: 'NOT_FOUND', id: 'not_found', message: ERROR_MESSAGES.notFound },
  413: {
    code: 'PAYLOAD_TOO_LARGE',
    id: 'payload_too_large',
    message: ERROR_MESSAGES.payloadTooLarge,
  },
  415: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    id: 'unsupported_media_type',
    message: ERROR_MESSAGES.unsupportedMediaType,
  },
  429: { code: 'RATE_LIMITED', id: 'rate_limited', message: ERROR_MESSAGES.rateLimited },
};

/** The body of a client error that says no more than its status. */
export const clientErrorBody = (status: ClientStatus): ApiErrorBody =>
  errorBody(CLIENT_ERRORS[status].code, CLIENT_ERRORS[status]);

/**
 * Errors Node's HTTP parser answers before Fastify sees a request (431 headers too large,
 * 400 malformed): the same SPEC §8 body in Indonesian as every other answer.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(clientErrorBody(tooLarge ? 413 : 400));
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  } else socket.destroy(error);
}

/** The seconds of a `retry-after` header already set (by @fastify/rate-limit), if any. */
function retryAfterOf(reply: FastifyReply): number | undefined {
  const seconds = Number(reply.getHeader('retry-after'));
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}

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
      const retryAfter =
        error instanceof RateLimitedError ? Math.ceil(error.retryAfterSeconds) : undefined;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      if (error instanceof StepUpRequiredError) reply.header('www-authenticate', error.challenge);
      if (error.statusCode >= 500) request.log.error({ err: error }, 'domain error');
      return reply.status(error.statusCode).send(
        errorBody(error.code, error, {
          description: error.description,
          fieldErrors: error.fieldErrors,
          attemptsLeft: error.attemptsLeft,
          retryAfter,
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = fieldErrorsOf(error);
      // One field wrong: its own message says most; several: the summary, each field its own.
      const only = fieldErrors.length === 1 ? fieldErrors[0] : undefined;
      return reply
        .status(400)
        .send(
          errorBody(
            'VALIDATION_FAILED',
            { id: 'validation_failed', message: only ? only.message : ERROR_MESSAGES.dataInvalid },
            { fieldErrors },
          ),
        );
    }
    const status = error.statusCode ?? 500;
    const known = status in CLIENT_ERRORS ? CLIENT_ERRORS[status as ClientStatus] : undefined;
    if (status < 500 && known && !isResponseSerializationError(error)) {
      return reply.status(status).send(
        errorBody(known.code, known, {
          retryAfter: status === 429 ? retryAfterOf(reply) : undefined,
        }),
      );
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(clientErrorBody(400));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(
        errorBody('SERVICE_UNAVAILABLE', {
          id: 'service_unavailable',
          message: ERROR_MESSAGES.unavailable,
        }),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('INTERNAL', { id: 'internal', message: ERROR_MESSAGES.generic }));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(clientErrorBody(404)));
}
