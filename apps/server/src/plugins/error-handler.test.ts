import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../lib/errors.ts';
import { toErrorReply } from './error-handler.ts';

describe('toErrorReply', () => {
  it('maps each typed error to its status, with the status as default code', () => {
    const cases = [
      [new BadRequestError(), 400],
      [new UnauthorizedError(), 401],
      [new ForbiddenError(), 403],
      [new NotFoundError('Session not found'), 404],
      [new ConflictError(), 409],
      [new GoneError(), 410],
      [new RateLimitedError(), 429],
      [new ServiceUnavailableError(), 503],
    ] as const;
    for (const [error, status] of cases) {
      const reply = toErrorReply(error);
      expect(reply).toEqual({ status, envelope: { code: status, message: error.message } });
    }
  });

  it('keeps domain codes', () => {
    expect(toErrorReply(new ConflictError('Already in a call', 1001)).envelope).toEqual({
      code: 1001,
      message: 'Already in a call',
    });
    expect(toErrorReply(new UnauthorizedError('No key', 'invalid_api_key')).envelope.code).toBe(
      'invalid_api_key',
    );
  });

  it('keeps 4xx framework errors but hides every other failure', () => {
    const notAcceptable = Object.assign(new Error('Not Acceptable'), { statusCode: 406 });
    expect(toErrorReply(notAcceptable)).toEqual({
      status: 406,
      envelope: { code: 406, message: 'Not Acceptable' },
    });
    const internal = Object.assign(new Error('ECONNREFUSED 10.0.0.3:5432'), { statusCode: 502 });
    for (const error of [new Error('boom'), internal, 'a string', undefined]) {
      expect(toErrorReply(error)).toEqual({
        status: 500,
        envelope: { code: 500, message: 'An unexpected error occurred' },
      });
    }
  });
});
