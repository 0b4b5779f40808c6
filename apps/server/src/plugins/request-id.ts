import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

// A caller's id is kept (it ties our logs to a load balancer's or client's) only when it is short
// and plain; anything else could forge log lines or bloat them.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when acceptable, else a fresh UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes the id on every response, errors included, so a user's report can be found in logs. */
const requestIdPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('onRequest', (request, reply, next) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    next();
  });
  done();
};

export default fp(requestIdPlugin, { name: 'parlo-request-id' });
