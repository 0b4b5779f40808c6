import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Content-Type, Authorization, X-API-Key, X-Request-Id';
const EXPOSED_HEADERS =
  'X-Request-Id, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';
/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = '600';

/**
 * Credentialed CORS for the listed origins only (the refresh cookie needs credentials). Other
 * origins get no CORS headers, so browsers refuse to hand them the answers.
 *
 * Every answer varies by Origin; only a listed origin's requests get the CORS headers, worked
 * out once at start. (@fastify/cors copied its options and joined its header lists on every
 * request, and sent the credentials and exposed-headers headers to requests with no Origin at
 * all, which is most of them: issue 20.) A preflight is answered here, before the API key and
 * the rate limit: browsers send neither with it.
 */
const corsPlugin: FastifyPluginCallback<{ allowedOrigins: string[] }> = (
  app,
  { allowedOrigins },
  done,
) => {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', (request, reply, next) => {
    reply.header('vary', 'Origin');
    const { origin } = request.headers;
    if (origin !== undefined && allowed.has(origin)) {
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': EXPOSED_HEADERS,
      });
    }
    if (request.method !== 'OPTIONS') {
      next();
      return;
    }
    // A preflight names its origin and the method it asks for; anything else is not one.
    if (origin === undefined || request.headers['access-control-request-method'] === undefined) {
      void reply.code(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    // Safari waits for a body on a 204 without a length.
    void reply
      .headers({
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE,
        'content-length': '0',
      })
      .code(204)
      .send();
  });
  // Gives OPTIONS requests a route, so they reach the hook above instead of the 404 handler.
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.code(204).send());
  done();
};

export default fp(corsPlugin, { name: 'parlo-cors' });
