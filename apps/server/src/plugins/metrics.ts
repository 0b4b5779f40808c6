import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import type { Metrics } from '../lib/metrics.ts';

export const METRICS_PATH = '/metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const BEARER = /^Bearer (.+)$/;

// Hashing first gives equal-length inputs, so the comparison time says nothing about the token.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A reverse proxy on the same host makes every visitor's connection come from loopback, so a
 * request that passed through a proxy (it says so in a forwarding header) is never local.
 */
function isLocal(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return LOOPBACK.has(request.raw.socket.remoteAddress ?? '');
}

export interface MetricsPluginOptions {
  metrics: Metrics;
  /** Bearer token scrapers must send; without one, only local requests are answered. */
  token: string | undefined;
}

/**
 * Times every response by its route pattern (never the raw URL, which would make a series per
 * id) and serves the Prometheus text at /metrics. The page is for operators: it is not in the
 * OpenAPI document, needs neither the API key nor a user, and answers 404 to anyone not allowed.
 */
const metricsPlugin: FastifyPluginCallback<MetricsPluginOptions> = (
  app,
  { metrics, token },
  done,
) => {
  const expected = token === undefined ? undefined : digest(token);

  app.addHook('onResponse', (request, reply, next) => {
    metrics.requestServed(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime,
    );
    next();
  });

  app.get(
    METRICS_PATH,
    {
      logLevel: 'warn',
      schema: { hide: true },
      onRequest: (request, reply, next) => {
        if (!expected) {
          next(isLocal(request) ? undefined : new NotFoundError('Not found'));
          return;
        }
        const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
        if (presented === undefined || !timingSafeEqual(digest(presented), expected)) {
          reply.header('www-authenticate', 'Bearer');
          next(new UnauthorizedError('Missing or invalid metrics token'));
          return;
        }
        next();
      },
    },
    async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
  done();
};

export default fp(metricsPlugin, { name: 'parlo-metrics' });
