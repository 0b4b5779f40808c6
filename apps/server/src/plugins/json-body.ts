import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON request bodies. The spec's client sends `Content-Type: application/json` on every call,
 * bodiless ones too (refresh, sign-out, cancel, accept ...), so an empty body is no body on a
 * route that declares none; a route with a body schema still refuses it (400, Fastify's own
 * empty-body error). Everything else is Fastify's default parser (proto-poisoning checks, limits).
 */
const jsonBody: FastifyPluginCallback = (app, _options, done) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, parsed) => {
    const body = typeof raw === 'string' ? raw : raw.toString('utf8');
    if (body === '' && request.routeOptions.schema?.body === undefined) {
      parsed(null, undefined);
      return;
    }
    void parseJson(request, body, parsed);
  });
  done();
};

export default fp(jsonBody, { name: 'parlo-json-body' });
