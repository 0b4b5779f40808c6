import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import pg from 'pg';
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
import { captureLogs } from '../../test/helpers/logs.ts';
import errorHandler, {
  REFUSED_VALUE_MESSAGE,
  toErrorReply,
  UNAVAILABLE_MESSAGE,
} from './error-handler.ts';

/** A refused connection to PostgreSQL as a repository sees it: drizzle wrapping pg's error. */
function refusedQuery() {
  const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.3:5432'), {
    errno: -111,
    code: 'ECONNREFUSED',
    syscall: 'connect',
    address: '10.0.0.3',
    port: 5432,
  });
  return new DrizzleQueryError('select "id" from "users" where "id" = $1', ['u1'], refused);
}

const unavailableEnvelope = { code: 503, message: UNAVAILABLE_MESSAGE };

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

  it('answers 503 with a retry hint when PostgreSQL or Redis cannot be reached', () => {
    const shutdown = Object.assign(
      new pg.DatabaseError('terminating connection due to administrator command', 0, 'error'),
      { code: '57P01' },
    );
    const cases = [
      [refusedQuery(), 'ECONNREFUSED'],
      [new DrizzleQueryError('update "profiles" set "name" = $1', ['x'], shutdown), '57P01'],
      [
        new Error('timeout exceeded when trying to connect'),
        'timeout exceeded when trying to connect',
      ],
      [new Error('Command timed out'), 'Command timed out'],
    ] as const;
    for (const [error, reason] of cases) {
      expect(toErrorReply(error)).toEqual({
        status: 503,
        envelope: unavailableEnvelope,
        unavailable: reason,
      });
    }
  });
  it('answers 400 for a value PostgreSQL refused, and 500 for a data error only a bug causes', () => {
    const pgError = (code: string) =>
      Object.assign(new pg.DatabaseError('refused', 0, 'error'), { code });
    for (const code of ['22021', '22P02', '22P05', '22001', '22003', '22007', '22008']) {
      const error = new DrizzleQueryError('select $1::text', ['a\u0000b'], pgError(code));
      expect(toErrorReply(error)).toEqual({
        status: 400,
        envelope: { code: 400, message: REFUSED_VALUE_MESSAGE },
        refusedValue: code,
      });
    }
    const divisionByZero = new DrizzleQueryError('select 1 / $1', [0], pgError('22012'));
    expect(toErrorReply(divisionByZero).status).toBe(500);
  });

  it("words the router's own refusals, never echoing the path", () => {
    const badUrl = Object.assign(new Error("'/a/%ED%A0%80' is not a valid url component"), {
      code: 'FST_ERR_BAD_URL',
      statusCode: 400,
    });
    expect(toErrorReply(badUrl)).toEqual({
      status: 400,
      envelope: { code: 400, message: 'Malformed URL' },
    });
  });
});

describe('the error handler', () => {
  async function appThrowing(error: unknown) {
    const { lines, logger: loggerInstance } = captureLogs();
    const app = Fastify({ loggerInstance });
    await app.register(errorHandler);
    app.get('/fails', () => {
      throw error;
    });
    const res = await app.inject({ url: '/fails' });
    await app.close();
    return { res, lines };
  }

  it('answers an unreachable database with 503, Retry-After, and one warning without a stack', async () => {
    const { res, lines } = await appThrowing(refusedQuery());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailableEnvelope);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).not.toContain('10.0.0.3');
    const logged = lines.filter((line) => line.msg === 'data store unavailable');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, reason: 'ECONNREFUSED', statusCode: 503 });
    expect(JSON.stringify(logged[0])).not.toContain('stack');
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('still logs any other failure as an error with its stack, and sends no Retry-After', async () => {
    const { res, lines } = await appThrowing(new Error('boom'));
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    const failed = lines.find((line) => line.msg === 'request failed');
    expect(failed?.level).toBe(50);
    expect(JSON.stringify(failed)).toContain('stack');
  });
});
