import { ERROR_CODES } from '@parlo/contract/errors';
import type { ServerMessage } from '@parlo/contract/realtime';
import { AppError } from '../lib/errors.ts';
import {
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableReason,
} from '../lib/unavailable.ts';

export const SOCKET_ERROR_CODES = {
  binary: 'binary_not_supported',
  invalidJson: 'invalid_json',
  invalidMessage: 'invalid_message',
  rateLimited: 'rate_limited',
  /** PostgreSQL or Redis cannot be reached: the client sends the message again (HTTP's 503). */
  unavailable: ERROR_CODES.unavailable,
  internal: 'internal_error',
} as const;

export type SocketErrorPayload = Extract<ServerMessage, { type: 'error' }>['payload'];

export type SocketFailure =
  | { kind: 'refused' | 'unexpected'; payload: SocketErrorPayload }
  | { kind: 'unavailable'; reason: string; payload: SocketErrorPayload };

/**
 * How a client message that failed is answered: a typed error with its own code and message, an
 * outage of PostgreSQL or Redis with the retryable `unavailable` (as HTTP answers 503 with
 * Retry-After), anything else as `internal_error` without details.
 */
export function socketFailure(error: unknown): SocketFailure {
  if (error instanceof AppError) {
    return { kind: 'refused', payload: { code: error.code, message: error.message } };
  }
  const reason = unavailableReason(error);
  if (reason) {
    const retryAfterMs = UNAVAILABLE_RETRY_AFTER_SECONDS * 1000;
    const payload = {
      code: SOCKET_ERROR_CODES.unavailable,
      message: UNAVAILABLE_MESSAGE,
      retryAfterMs,
    };
    return { kind: 'unavailable', reason, payload };
  }
  const payload = { code: SOCKET_ERROR_CODES.internal, message: 'Something went wrong' };
  return { kind: 'unexpected', payload };
}
