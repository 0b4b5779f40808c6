import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from '../broker/broker.ts';
import { createMemoryBroker } from '../broker/memory-broker.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { AccessTokens } from '../modules/auth/access-tokens.ts';
import { createMatchingRepo } from '../modules/matching/matching-repo.ts';
import { createMatchingService } from '../modules/matching/matching-service.ts';
import { createOffersRepo } from '../modules/offers/offers-repo.ts';
import { createOffersService } from '../modules/offers/offers-service.ts';
import { createLiveSessionsRepo } from '../modules/sessions/live-sessions-repo.ts';
import { createSessionLifecycle } from '../modules/sessions/session-lifecycle.ts';
import { createStatsService } from '../modules/stats/stats-service.ts';
import { createChargedSession } from '../modules/tokens/session-charge-repo.ts';
import { canPayForSession } from '../modules/tokens/token-rules.ts';
import type { TokensRepo } from '../modules/tokens/tokens-repo.ts';
import { isRestricted } from '@parlo/contract/account-status';
import type { UserStatus } from '@parlo/contract/users';
import { createGateway } from './gateway.ts';
import { createIceServers } from './ice-servers.ts';
import { createMessageRouter } from './message-router.ts';
import { createTimerScheduler, type Scheduler } from './scheduler.ts';

/** How often each instance looks for calls left open past their end (see sweepOverdue). */
export const OVERDUE_SWEEP_INTERVAL_MS = 15_000;
/** How often the calls kept here are checked for a participant connected nowhere. */
export const PRESENCE_CHECK_INTERVAL_MS = 5_000;

export interface LiveDeps {
  config: Config;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  server: Server;
  accessTokens: AccessTokens;
  findAccount: (
    userId: string,
  ) => Promise<{ status: UserStatus; deletedAt: Date | null } | undefined>;
  tokensRepo: Pick<TokensRepo, 'tokenState'>;
  broker?: Broker | undefined;
  scheduler?: Scheduler | undefined;
  heartbeatMs?: number | undefined;
  metrics?: Pick<Metrics, 'watchLive' | 'matched' | 'sessionEnded'> | undefined;
}

/**
 * The live half of the server, composed: broker, socket gateway, session lifecycle, matching,
 * offers and stats. `start` runs once the app is ready; `close` before the HTTP server stops.
 */
export function createLive(deps: LiveDeps) {
  const { config, db, clock, log, metrics } = deps;
  const ownBroker = !deps.broker;
  const broker = deps.broker ?? createMemoryBroker(clock);
  const scheduler = deps.scheduler ?? createTimerScheduler();
  const liveSessionsRepo = createLiveSessionsRepo(db);

  const lifecycle = createSessionLifecycle({
    liveSessionsRepo,
    chargeSession: (input) => createChargedSession(db, input),
    broker,
    clock,
    scheduler,
    iceServersFor: createIceServers(config, clock),
    iceTransportPolicy: config.ICE_TRANSPORT_POLICY,
    reconnectGraceMs: config.SESSION_RECONNECT_GRACE_MS,
    ...(metrics ? { onEnded: metrics.sessionEnded } : {}),
    log,
  });
  const matching = createMatchingService({
    matchingRepo: createMatchingRepo(db),
    broker,
    lifecycle,
    canPayForSession: async (userId) =>
      canPayForSession(await deps.tokensRepo.tokenState(userId, clock.now())),
    clock,
    scheduler,
    rules: {
      adjacentLevelAfterMs: config.MATCH_ADJACENT_LEVEL_AFTER_MS,
      anyLevelAfterMs: config.MATCH_ANY_LEVEL_AFTER_MS,
    },
    ...(metrics ? { onMatched: metrics.matched } : {}),
    log,
  });
  const offers = createOffersService({
    offersRepo: createOffersRepo(db),
    liveSessionsRepo,
    lifecycle,
    broker,
    clock,
    scheduler,
    offerTtlMs: config.OFFER_TTL_MS,
    log,
  });
  const gateway = createGateway({
    server: deps.server,
    broker,
    instanceId: randomUUID(),
    async authenticate(token) {
      const claims = token ? await deps.accessTokens.verify(token) : null;
      if (!claims) return { refused: 'Authentication failed' };
      const [account, revoked] = await Promise.all([
        deps.findAccount(claims.userId),
        broker.isSessionRevoked(claims.sessionId),
      ]);
      if (revoked || !account || account.deletedAt) return { refused: 'Authentication failed' };
      if (isRestricted(account.status)) return { refused: 'Account blocked' };
      return { userId: claims.userId };
    },
    allowedOrigins: [...new Set([...config.ALLOWED_ORIGINS, config.PUBLIC_URL])],
    messagesPerSecond: config.SOCKET_RATE_LIMIT,
    ...(deps.heartbeatMs ? { heartbeatMs: deps.heartbeatMs } : {}),
    onMessage: createMessageRouter({ lifecycle, broker }),
    onDelivering: (userId, message) => lifecycle.observe(userId, message),
    onConnected: (userId) => {
      lifecycle.socketOpened(userId);
      // An offer made while the socket was away (a reload, a reconnect) still reaches the user.
      offers.redeliver(userId).catch((error: unknown) => {
        log.warn({ err: error, userId }, 'delivering pending offers failed');
      });
    },
    onDisconnected: (userId, shuttingDown) => {
      // Handed over on shutdown: the user is back on another instance in a moment, so the search
      // keeps its place and no grace starts on an instance that is going away.
      if (shuttingDown) return;
      lifecycle.socketClosed(userId);
      matching.cancel(userId).catch((error: unknown) => {
        log.error({ err: error, userId }, 'cancelling the search of a closed socket failed');
      });
    },
    log,
  });
  metrics?.watchLive({
    connectedSockets: () => gateway.connectedCount(),
    activeSessions: () => lifecycle.activeCount(),
    broker,
  });
  const stats = createStatsService({
    onlineCount: () => broker.onlineCount(),
    averageWaitMs: (languageCode) => matching.averageWaitMs(languageCode),
  });

  return {
    broker,
    scheduler,
    gateway,
    lifecycle,
    matching,
    offers,
    stats,
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
      if (ownBroker) await broker.close();
    },
  };
}

export type Live = ReturnType<typeof createLive>;
