import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../lib/errors.ts';
import type { RateCounter } from '../lib/rate-counter.ts';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface RateLimitOptions {
  /** Requests per IP per minute on every route that does not set its own limit. */
  max: number;
  counter: RateCounter;
}

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/**
 * Adapts a RateCounter to @fastify/rate-limit's store protocol. Each route with a limit of its
 * own gets its own key space, named by method and URL so that every instance sharing a counter
 * store agrees on the names.
 */
function counterStore(counter: RateCounter): FastifyRateLimitStoreCtor {
  let unnamedChildren = 0;
  class CounterStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its settings, which are read per call instead.
    constructor(
      _settings?: unknown,
      private readonly prefix = 'rate:global:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow = RATE_LIMIT_WINDOW_MS,
    ): void {
      counter.hit(this.prefix + key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): FastifyRateLimitStore {
      // At run time the plugin passes the merged route settings, whose routeInfo names the route.
      const { routeInfo } = options as { routeInfo?: RouteInfo };
      const name = routeInfo?.url
        ? `${[routeInfo.method].flat().join(',')}:${routeInfo.url}`
        : `unnamed-${++unnamedChildren}`;
      return new CounterStore(undefined, `rate:${name}:`);
    }
  }
  return CounterStore;
}

/** Global per-IP limit; 429 answers go through the error handler like every other error. */
const rateLimitPlugin: FastifyPluginAsync<RateLimitOptions> = async (app, { max, counter }) => {
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    store: counterStore(counter),
    keyGenerator: (request) => request.ip,
    // The SPA's hashed files are cheap and cached forever; counting them would spend a person's
    // budget (and everyone's behind one NAT) on merely loading the app.
    allowList: (request) =>
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.routeOptions.url ?? '').startsWith('/assets/'),
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(
        'Too many requests, please wait a moment and try again.',
        429,
        Math.ceil(context.ttl / 1000),
      ),
  });
};

export default fp(rateLimitPlugin, { name: 'parlo-rate-limit' });
