import { ERROR_MESSAGES, type ErrorCode } from '@portal/contracts/api-error';

/** An error whose message is meant for the user (Indonesian) and whose code maps to HTTP. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly description: string | undefined;
  readonly fieldErrors: readonly { field: string; message: string }[];

  constructor(
    code: ErrorCode,
    statusCode: number,
    message: string,
    options: {
      description?: string;
      fieldErrors?: readonly { field: string; message: string }[];
    } = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.statusCode = statusCode;
    this.description = options.description;
    this.fieldErrors = options.fieldErrors ?? [];
  }
}

export class ValidationError extends DomainError {
  constructor(
    message: string = ERROR_MESSAGES.dataInvalid,
    fieldErrors: readonly { field: string; message: string }[] = [],
  ) {
    super('VALIDATION_FAILED', 400, message, { fieldErrors });
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = ERROR_MESSAGES.notFound) {
    super('NOT_FOUND', 404, message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string = ERROR_MESSAGES.unauthorized) {
    super('UNAUTHORIZED', 401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string = ERROR_MESSAGES.forbidden) {
    super('FORBIDDEN', 403, message);
  }
}

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message: string = ERROR_MESSAGES.rateLimited) {
    super('RATE_LIMITED', 429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(message: string = ERROR_MESSAGES.unavailable) {
    super('SERVICE_UNAVAILABLE', 503, message);
  }
}
