import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from '../broker/broker.ts';
import type { Scheduler } from '../lib/scheduler.ts';
import type { MatchingService } from '../modules/matching/matching-service.ts';
import type { OffersService } from '../modules/offers/offers-service.ts';
import type { SessionLifecycle } from '../modules/sessions/session-lifecycle.ts';
import type { StatsService } from '../modules/stats/stats-service.ts';
import type { Gateway } from './gateway.ts';

/** How often each instance looks for calls left open past their end (see sweepOverdue). */
export const OVERDUE_SWEEP_INTERVAL_MS = 15_000;
/** How often the calls kept here are checked for a participant connected nowhere. */
export const PRESENCE_CHECK_INTERVAL_MS = 5_000;

export interface LiveParts {
  broker: Broker;
  scheduler: Scheduler;
  gateway: Gateway;
  lifecycle: SessionLifecycle;
  matching: MatchingService;
  offers: OffersService;
  stats: StatsService;
  log: FastifyBaseLogger;
}

/**
 * The live half of the server at run time, over the parts the composition root built: `start`
 * recovers open calls and starts the sweeps once the app is ready; `close` drains the sockets
 * before the HTTP server stops.
 */
export function createLiveRuntime(parts: LiveParts) {
  const { broker, scheduler, gateway, lifecycle, matching, log } = parts;
  return {
    broker,
    scheduler,
    gateway,
    lifecycle,
    matching,
    offers: parts.offers,
    stats: parts.stats,
    /** Closes the user's socket wherever it lives (sign-out, account deletion). */
    async disconnectUser(userId: string, reason: string) {
      await broker.disconnect(userId, 1000, reason);
    },
    async start() {
      await lifecycle.recover();
      matching.start();
      scheduler.every(PRESENCE_CHECK_INTERVAL_MS, () => {
        lifecycle.checkPresence().catch((error: unknown) => {
          log.warn({ err: error }, 'checking the presence of call participants failed');
        });
      });
      scheduler.every(OVERDUE_SWEEP_INTERVAL_MS, () => {
        lifecycle.sweepOverdue().catch((error: unknown) => {
          log.error({ err: error }, 'ending overdue calls failed');
        });
      });
    },
    async close() {
      await gateway.close();
      scheduler.dispose();
    },
  };
}

export type Live = ReturnType<typeof createLiveRuntime>;
