import { createHash, timingSafeEqual } from 'node:crypto';
import { API_KEY_HEADER } from '@parlo/contract/constants';
import { ERROR_CODES } from '@parlo/contract/errors';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../lib/errors.ts';
import { isUnder, pathOf } from '../lib/paths.ts';

// Hashing first gives equal-length inputs, so the comparison time says nothing about the key.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Every /api request must carry the fixed X-API-Key (spec §7). It identifies the client app, not
 * a person: the key ships inside the web app, so user authorization is the auth guard's job.
 */
const apiKeyGuard: FastifyPluginCallback<{
  apiKey: string;
  /** Routes called by other servers, which prove themselves otherwise (Stripe's signature). */
  exempt?: readonly string[];
}> = (app, { apiKey, exempt = [] }, done) => {
  const expected = digest(apiKey);
  /**
   * The key the clients send, once it passed the comparison: later requests are checked against
   * it without hashing (a sha256 per request was 3 % of a request's CPU, issue 20). A plain
   * comparison may take longer the more it matches, which would only tell an attacker a key
   * every page of the web app already shows.
   */
  let accepted: string | undefined;
  const hasValidKey = (presented: unknown): boolean => {
    if (typeof presented !== 'string') return false;
    if (presented === accepted) return true;
    if (!timingSafeEqual(digest(presented), expected)) return false;
    accepted = presented;
    return true;
  };
  app.addHook('onRequest', (request, _reply, next) => {
    // The matched route's pattern, not the raw URL: the router decodes %-escapes, the raw URL not.
    const path = request.routeOptions.url ?? pathOf(request.url);
    // CORS preflights never carry custom headers; the CORS plugin answers them.
    const guarded = request.method !== 'OPTIONS' && isUnder(path, '/api') && !exempt.includes(path);
    if (guarded && !hasValidKey(request.headers[API_KEY_HEADER])) {
      next(new UnauthorizedError('Missing or invalid API key', ERROR_CODES.invalidApiKey));
      return;
    }
    next();
  });
  done();
};

export default fp(apiKeyGuard, { name: 'parlo-api-key' });
