import type { ErrorCode } from '@parlo/contract/errors';

/**
 * Errors services throw on purpose. The error handler turns them into the error envelope with
 * their status; `code` defaults to the status (spec §8: "server code, else HTTP status").
 * Messages are written for the client, so they must never carry internals.
 */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = new.target.name;
    this.code = code ?? statusCode;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Bad request', code?: ErrorCode) {
    super(400, message, code);
  }
}

/** A refused form: `fields` maps each field to the i18n key of the first rule it broke. */
export class ValidationError extends BadRequestError {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized', code?: ErrorCode) {
    super(401, message, code);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden', code?: ErrorCode) {
    super(403, message, code);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code?: ErrorCode) {
    super(404, message, code);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Conflict', code?: ErrorCode) {
    super(409, message, code);
  }
}

export class GoneError extends AppError {
  constructor(message = 'Gone', code?: ErrorCode) {
    super(410, message, code);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    message = 'Too many requests, please try again later.',
    code?: ErrorCode,
    /** Seconds the client should wait, sent as Retry-After when known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message, code);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'Service unavailable', code?: ErrorCode) {
    super(503, message, code);
  }
}
