import { ERROR_MESSAGES, type ErrorCode, type ErrorId } from '@portal/contracts/api-error';

type FieldError = { field: string; message: string };

/**
 * A message of its own always comes with an id of its own: a client that says the error in its
 * own words must never show a generic text for a specific error.
 */
export type Specific = { id: ErrorId; message: string };

/** An error whose message is meant for the user (Indonesian) and whose code maps to HTTP. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly id: ErrorId;
  readonly description: string | undefined;
  readonly fieldErrors: readonly FieldError[];
  /** Wrong entries left on a one-time code, for errors about a wrong code. */
  readonly attemptsLeft: number | undefined;

  constructor(
    code: ErrorCode,
    statusCode: number,
    error: Specific & {
      description?: string;
      fieldErrors?: readonly FieldError[];
      attemptsLeft?: number;
    },
  ) {
    super(error.message);
    this.name = new.target.name;
    this.code = code;
    this.statusCode = statusCode;
    this.id = error.id;
    this.description = error.description;
    this.fieldErrors = error.fieldErrors ?? [];
    this.attemptsLeft = error.attemptsLeft;
  }
}

export class ValidationError extends DomainError {
  constructor(
    fieldErrors: readonly FieldError[] = [],
    specific: Specific & { attemptsLeft?: number } = {
      id: 'validation_failed',
      message: ERROR_MESSAGES.dataInvalid,
    },
  ) {
    super('VALIDATION_FAILED', 400, { ...specific, fieldErrors });
  }
}

export class NotFoundError extends DomainError {
  constructor(specific: Specific = { id: 'not_found', message: ERROR_MESSAGES.notFound }) {
    super('NOT_FOUND', 404, specific);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(specific: Specific = { id: 'unauthorized', message: ERROR_MESSAGES.unauthorized }) {
    super('UNAUTHORIZED', 401, specific);
  }
}

export class ForbiddenError extends DomainError {
  constructor(specific: Specific = { id: 'forbidden', message: ERROR_MESSAGES.forbidden }) {
    super('FORBIDDEN', 403, specific);
  }
}

/**
 * The session is not at the level the action needs (RFC 9470, OAuth step-up): a 403 whose
 * `www-authenticate` challenge tells the client how to sign in again.
 */
export class StepUpRequiredError extends ForbiddenError {
  readonly challenge: string;
  constructor(challenge: string, specific: Specific) {
    super(specific);
    this.challenge = challenge;
  }
}

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(
    retryAfterSeconds: number,
    specific: Specific = { id: 'rate_limited', message: ERROR_MESSAGES.rateLimited },
  ) {
    super('RATE_LIMITED', 429, specific);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(
    specific: Specific = { id: 'service_unavailable', message: ERROR_MESSAGES.unavailable },
  ) {
    super('SERVICE_UNAVAILABLE', 503, specific);
  }
}

/** The data is not in a state that allows this yet (or any more). */
export class ConflictError extends DomainError {
  constructor(specific: Specific) {
    super('CONFLICT', 409, specific);
  }
}
