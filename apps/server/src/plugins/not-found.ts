import type { FastifyInstance, FastifyPluginCallback, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, NotFoundError } from '../lib/errors.ts';
import { pathOf } from '../lib/paths.ts';
import { sendIndex, wantsSpaPage, type WebApp } from './web-app.ts';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Methods that do have a route for this concrete path. */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  const allowed = METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
  return allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
}

/**
 * Requests no route answers: SPA page navigations get index.html, a known path with the wrong
 * method gets 405 with Allow, anything else 404 in the error envelope (never HTML).
 */
const notFound: FastifyPluginCallback<{ webApp: WebApp | null }> = (app, { webApp }, done) => {
  app.setNotFoundHandler(
    // Unknown paths count against the global limit too, or they would be a free way to probe.
    { preHandler: app.rateLimit() },
    (request, reply) => {
      if (webApp && wantsSpaPage(request)) return sendIndex(webApp, request, reply);
      const allowed = allowedMethods(app, pathOf(request.url));
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        throw new AppError(405, 'Method not allowed');
      }
      throw new NotFoundError('Not found');
    },
  );
  done();
};

export default fp(notFound, { name: 'parlo-not-found', dependencies: ['parlo-rate-limit'] });
