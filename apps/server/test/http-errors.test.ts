import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError } from '../src/lib/errors.ts';
import {
  buildTestApp,
  captureLogs,
  drivers,
  TEST_API_KEY,
  type TestApp,
} from './helpers/test-app.ts';

const BODY_LIMIT = 1024;
const json = { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY };

describe.each(drivers)('error envelope and HTTP edge cases (%s)', (driver) => {
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) },
      logger: logs.logger,
      extend(app) {
        app.post(
          '/api/v1/test/echo',
          { schema: { body: z.object({ name: z.string().min(1) }) } },
          (request) => request.body,
        );
        app.get('/api/v1/test/conflict', () => {
          throw new ConflictError('Already in a call', 1001);
        });
        app.get('/api/v1/test/crash', () => {
          throw new Error('connection string postgres://secret@db leaked');
        });
        // Values no schema stopped, as PostgreSQL refuses them: text with NUL, a malformed uuid.
        app.get('/api/v1/test/stored-nul', () =>
          t.database.db.execute(sql`select ${'secret-\u0000-value'}::text as echoed`),
        );
        app.get('/api/v1/test/stored-uuid', () =>
          t.database.db.execute(sql`select ${'secret-not-a-uuid'}::uuid as echoed`),
        );
        app.post(
          '/api/v1/test/echo-any/:value',
          {
            schema: {
              params: z.object({ value: z.string() }),
              querystring: z.object({ q: z.string().optional() }),
              body: z.object({ nested: z.unknown() }),
            },
          },
          (request) => ({ ...request.params, ...request.query, ...request.body }),
        );
        app.post('/api/v1/test/bodiless', () => ({ ok: true }));
      },
    });
  });
  afterAll(() => t.close());

  it('answers a typed error with its status, domain code and message', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/conflict', headers: json });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 1001, message: 'Already in a call' });
  });

  it('hides the message of an unexpected error and logs it with the request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/test/crash', headers: json });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: 'An unexpected error occurred' });
    expect(res.body).not.toContain('secret');
    const requestId = res.headers['x-request-id'];
    const logged = logs.lines.find((line) => line.level === 50 && line.reqId === requestId);
    expect(logged?.msg).toBe('request failed');
    expect(JSON.stringify(logged)).toContain('connection string');
  });

  it('refuses a body that fails its zod schema with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: json,
      payload: { name: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.code).toBe(400);
    expect(body.message).toContain('name');
  });

  it('accepts a valid body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: json,
      payload: { name: 'Ada' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Ada' });
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: json,
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Malformed JSON in request body' });
  });

  it('answers a body over the limit with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: json,
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: 'Request body is too large' });
  });

  it('answers an unsupported content type with 415 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/xml', 'x-api-key': TEST_API_KEY },
      payload: '<name>Ada</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 415, message: 'Unsupported media type' });
  });

  it('answers a value PostgreSQL refuses with 400, logging neither query nor parameters as an error', async () => {
    for (const url of ['/api/v1/test/stored-nul', '/api/v1/test/stored-uuid']) {
      const res = await t.app.inject({ url, headers: json });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'Invalid request data' });
      const lines = logs.lines.filter((line) => line.reqId === res.headers['x-request-id']);
      expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 40, msg: 'database refused a value' }),
      );
      const written = JSON.stringify(lines);
      expect(written).not.toContain('secret');
      expect(written).not.toContain('select');
    }
  });

  it('refuses NUL or a lone surrogate in params, query, body or a key before the handler', async () => {
    const refused = {
      code: 400,
      message: 'Request text must not contain NUL or unpaired surrogate characters',
    };
    const post = (url: string, payload: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/test/echo-any/${url}`, headers: json, payload });
    const ok = await post('abc?q=d', JSON.stringify({ nested: ['e', { f: 'g' }] }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ value: 'abc', q: 'd', nested: ['e', { f: 'g' }] });
    const cases: [string, string][] = [
      ['a%00b', '{"nested":1}'],
      ['abc?q=%00', '{"nested":1}'],
      ['abc', JSON.stringify({ nested: ['x', { deep: ['y\u0000'] }] })],
      ['abc', JSON.stringify({ nested: { ['k\ud800']: 1 } })],
      ['abc', JSON.stringify({ nested: '\udc00 lone low surrogate' })],
    ];
    for (const [url, payload] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${payload}`).toBe(400);
      expect(res.json()).toEqual(refused);
    }
  });

  it('answers a URL the router cannot decode in the envelope, without echoing it', async () => {
    const res = await t.app.inject({ url: '/api/v1/languages/user/%ED%A0%80', headers: json });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Malformed URL' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes an empty JSON body as no body where a route takes none, and refuses it elsewhere', async () => {
    const bodiless = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/bodiless',
      headers: json,
      payload: '',
    });
    expect(bodiless.statusCode).toBe(200);
    expect(bodiless.json()).toEqual({ ok: true });
    const withBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: json,
      payload: '',
    });
    expect(withBody.statusCode).toBe(400);
    expect(withBody.json()).toEqual({ code: 400, message: 'Request body must not be empty' });
  });

  it('answers an unknown /api path with a JSON 404, never HTML', async () => {
    const res = await t.app.inject({
      url: '/api/v1/does-not-exist',
      headers: { 'x-api-key': TEST_API_KEY, accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 404, message: 'Not found' });
  });

  it('answers a wrong method on a known path with 405, Allow and the envelope', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/languages',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({ code: 405, message: 'Method not allowed' });
  });

  it('answers an unknown path outside /api with a JSON 404 when no web app is built', async () => {
    const res = await t.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Not found' });
  });

  it('logs request URLs without OAuth codes and never logs credential headers', async () => {
    const res = await t.app.inject({
      url: '/auth/callback/google?code=s3cr3t-code&state=st4te&lang=ko',
      headers: { authorization: 'Bearer t0ken', cookie: 'refresh=c00kie', 'x-api-key': 'k3y' },
    });
    const lines = logs.lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(lines.length).toBeGreaterThan(0);
    const written = JSON.stringify(lines);
    expect(written).toContain('/auth/callback/google?code=redacted&state=redacted&lang=ko');
    for (const secret of ['s3cr3t-code', 'st4te', 't0ken', 'c00kie', 'k3y']) {
      expect(written).not.toContain(secret);
    }
  });

  it('writes one access line per request, once answered: method, URL, status and time', async () => {
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo?lang=ko',
      headers: json,
      payload: JSON.stringify({ name: 'Ada' }),
    });
    const refused = await t.app.inject({ url: '/api/v1/test/conflict', headers: json });
    for (const [res, status] of [
      [answered, 200],
      [refused, 409],
    ] as const) {
      expect(res.statusCode).toBe(status);
      const lines = logs.lines.filter((line) => line.reqId === res.headers['x-request-id']);
      expect(lines.map((line) => line.msg)).not.toContain('incoming request');
      const access = lines.filter((line) => line.msg === 'request completed');
      expect(access).toHaveLength(1);
      expect(access[0]).toMatchObject({
        level: 30,
        req: { method: res === answered ? 'POST' : 'GET', url: res.raw.req.url },
        res: { statusCode: status },
      });
      expect(access[0]!.responseTime).toEqual(expect.any(Number));
    }
  });

  it('returns a fresh request id, or keeps a well-formed one from the caller', async () => {
    const fresh = await t.app.inject({ url: '/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const kept = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'lb-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc');

    const forged = await t.app.inject({
      url: '/health',
      headers: { 'x-request-id': 'x"} {"level":60' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
