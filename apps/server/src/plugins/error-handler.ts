import { STATUS_CODES } from 'node:http';
import type { ErrorCode, ErrorEnvelope } from '@parlo/contract/errors';
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, RateLimitedError, ValidationError } from '../lib/errors.ts';
import { refusedValueSqlstate } from '../db/errors.ts';
import {
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableReason,
} from '../lib/unavailable.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

export { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS };
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
export const REFUSED_VALUE_MESSAGE = 'Invalid request data';

/** Fastify's own request errors, reworded for API clients. */
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported media type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body must not be empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length' },
  // The router's own refusals (`frameworkErrors`), which would otherwise echo the path back.
  FST_ERR_BAD_URL: { status: 400, message: 'Malformed URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A path segment is too long' },
};

export interface ErrorReply {
  status: number;
  envelope: ErrorEnvelope;
  /** Set when PostgreSQL or Redis could not be reached: the SQLSTATE, errno code or message. */
  unavailable?: string;
  /** Set when PostgreSQL refused a value the request carried: the SQLSTATE. */
  refusedValue?: string;
}

/**
 * Maps anything thrown while handling a request to a status and the error envelope. Only
 * messages written for clients pass through; an unreachable PostgreSQL or Redis answers 503 (the
 * client may retry), every other 5xx reads "An unexpected error occurred".
 */
export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof ValidationError && Object.keys(error.fields).length > 0) {
    const envelope = { code: error.code, message: error.message, fields: error.fields };
    return { status: error.statusCode, envelope };
  }
  if (error instanceof AppError) {
    return { status: error.statusCode, envelope: { code: error.code, message: error.message } };
  }
  // Anything may be thrown; only objects can be anything but unexpected.
  if (typeof error !== 'object' || error === null) return unexpected();
  const unavailable = unavailableReason(error);
  if (unavailable) {
    return { status: 503, envelope: { code: 503, message: UNAVAILABLE_MESSAGE }, unavailable };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, envelope: { code: 400, message: error.message } };
  }
  if (isResponseSerializationError(error)) return unexpected();
  // A value no schema rule stopped (the schemas are the first line): the client's error, not ours.
  const refusedValue = refusedValueSqlstate(error);
  if (refusedValue) {
    return { status: 400, envelope: { code: 400, message: REFUSED_VALUE_MESSAGE }, refusedValue };
  }

  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known)
    return { status: known.status, envelope: { code: known.status, message: known.message } };
  // The JSON body parser rethrows JSON.parse's SyntaxError with status 400.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, envelope: { code: 400, message: 'Malformed JSON in request body' } };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = fastifyError.message || STATUS_CODES[status] || 'Request refused';
    return { status, envelope: { code: status, message } };
  }
  return unexpected();
}

function unexpected(): ErrorReply {
  return { status: 500, envelope: { code: 500, message: UNEXPECTED_ERROR_MESSAGE } };
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (say %ED%A0%80, a lone surrogate)
 * is refused before any route or hook, so it gets the envelope here rather than Fastify's own body.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, envelope } = toErrorReply(error);
  // No hook ran for this request, so the id is echoed here.
  reply.header(REQUEST_ID_HEADER, request.id);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ statusCode: status, code: envelope.code }, envelope.message);
  void reply.code(status).type('application/json; charset=utf-8').send(envelope);
}

export interface ErrorHandlerOptions {
  /** Told the code of every error answered (for the metrics); must be cheap and never throw. */
  onError?: (code: ErrorCode) => void;
}

/** The one error handler: typed errors, validation, Fastify's errors, then everything else. */
const errorHandler: FastifyPluginCallback<ErrorHandlerOptions> = (app, { onError }, done) => {
  app.setErrorHandler((error, request, reply) => {
    const { status, envelope, unavailable, refusedValue } = toErrorReply(error);
    onError?.(envelope.code);
    if (refusedValue) {
      // Never the query or its parameters: they hold the client's data, and it is a client error.
      // Warn, not info: a schema lacks the rule that should have refused the value first.
      request.log.warn({ statusCode: status, sqlstate: refusedValue }, 'database refused a value');
    } else if (unavailable) {
      // An outage fails every request alike: one line each says why, without a stack trace.
      request.log.warn({ statusCode: status, reason: unavailable }, 'data store unavailable');
      if (!reply.hasHeader('retry-after')) {
        reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS);
      }
    } else if (status >= 500) {
      // The request logger carries reqId, so the client's X-Request-Id finds this line.
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ statusCode: status, code: envelope.code }, envelope.message);
    }
    if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', error.retryAfterSeconds);
    }
    return reply.code(status).type('application/json; charset=utf-8').send(envelope);
  });
  done();
};

export default fp(errorHandler, { name: 'parlo-error-handler' });
