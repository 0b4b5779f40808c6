import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { effectiveStatus, isRestricted } from '@parlo/contract/account-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from './broker/broker.ts';
import { createMemoryBroker } from './broker/memory-broker.ts';
import type { Config } from './config/env.ts';
import { createAdvisoryLocks } from './db/advisory-lock.ts';
import type { Database } from './db/client.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { createRetentionJobs } from './jobs/retention-jobs.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMetrics } from './lib/metrics.ts';
import { createMemoryRateCounter, type RateCounter } from './lib/rate-counter.ts';
import { createTimerScheduler, type Scheduler } from './lib/scheduler.ts';
import { createCalibrationRepo } from './modules/after-call/calibration-repo.ts';
import { createCalibrationService } from './modules/after-call/calibration-service.ts';
import { createSearchActivityRepo } from './modules/after-call/search-activity-repo.ts';
import { createSearchActivityService } from './modules/after-call/search-activity-service.ts';
import { createSearchStartsJob } from './modules/after-call/search-starts-job.ts';
import { ACCESS_TOKEN_TTL_MS, createAccessTokens } from './modules/auth/access-tokens.ts';
import { createAuthRepo } from './modules/auth/auth-repo.ts';
import { createAuthService } from './modules/auth/auth-service.ts';
import { createProviderRegistry } from './modules/auth/provider-registry.ts';
import { createBillingRepo } from './modules/billing/billing-repo.ts';
import { createBillingService } from './modules/billing/billing-service.ts';
import { stripeClientFactory } from './modules/billing/stripe-client.ts';
import { createHealthRepo } from './modules/health/health-repo.ts';
import { createHealthService } from './modules/health/health-service.ts';
import { createLanguagesRepo } from './modules/languages/languages-repo.ts';
import { createLanguagesService } from './modules/languages/languages-service.ts';
import { createUserLanguagesService } from './modules/languages/user-languages-service.ts';
import { createMatchingRepo } from './modules/matching/matching-repo.ts';
import { createMatchingService } from './modules/matching/matching-service.ts';
import { createBlockEnforcement } from './modules/moderation/block-enforcement.ts';
import { createModerationQueueRepo } from './modules/moderation/moderation-queue-repo.ts';
import { createModerationRepo } from './modules/moderation/moderation-repo.ts';
import { createModerationService } from './modules/moderation/moderation-service.ts';
import { createOffersRepo } from './modules/offers/offers-repo.ts';
import { createOffersService } from './modules/offers/offers-service.ts';
import { createProfilesRepo } from './modules/profiles/profiles-repo.ts';
import { createProfilesService } from './modules/profiles/profiles-service.ts';
import { createFrameFlagsRepo } from './modules/frame-flags/frame-flags-repo.ts';
import { createFrameFlagsService } from './modules/frame-flags/frame-flags-service.ts';
import { createReportsRepo } from './modules/reports/reports-repo.ts';
import { createReportsService } from './modules/reports/reports-service.ts';
import { createLiveSessionsRepo } from './modules/sessions/live-sessions-repo.ts';
import { createSessionLifecycle } from './modules/sessions/session-lifecycle.ts';
import { createSessionsRepo } from './modules/sessions/sessions-repo.ts';
import { createSessionsService } from './modules/sessions/sessions-service.ts';
import { createStatsService } from './modules/stats/stats-service.ts';
import { createSessionCharger } from './modules/tokens/session-charge-repo.ts';
import { canPayForSession } from './modules/tokens/token-rules.ts';
import { createTokensRepo } from './modules/tokens/tokens-repo.ts';
import { createTokensService } from './modules/tokens/tokens-service.ts';
import { createAccountPurgeRepo } from './modules/users/account-purge-repo.ts';
import { createUsersRepo } from './modules/users/users-repo.ts';
import { createUsersService } from './modules/users/users-service.ts';
import { createWarningsRepo } from './modules/warnings/warnings-repo.ts';
import { createWarningsService } from './modules/warnings/warnings-service.ts';
import { createGateway } from './realtime/gateway.ts';
import { createIceServers } from './realtime/ice-servers.ts';
import { createLiveRuntime } from './realtime/live.ts';
import { createMessageRouter } from './realtime/message-router.ts';

/** What a deployment (main.ts) or a test hands the server; everything else is built here. */
export interface ServerDeps {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Shared counters for rate limits; in memory unless several instances must agree. */
  rateCounter?: RateCounter;
  /** Told about each deleted account once the deletion committed (to close its socket). */
  onAccountDeleted?: (userId: string) => Promise<void> | void;
  /** Presence, delivery and the queue; in memory unless several instances share them. */
  broker?: Broker;
  /** The Redis behind a shared broker, checked by /health. */
  redis?: { ping(): Promise<void> };
  /** Timers of calls, offers and matching; tests pass one they move by hand. */
  scheduler?: Scheduler;
  /** Socket heartbeat interval; tests shorten it. */
  heartbeatMs?: number;
  /** The development billing provider's webhooks: sent (default), or kept for tests to replay. */
  devBillingDelivery?: 'auto' | 'manual';
}

/** What the HTTP host gives the graph: its logger, its server (for the socket) and address. */
export interface ServerHost {
  log: FastifyBaseLogger;
  server: Server;
  /** The server reaches its own development providers on the address it listens on. */
  internalUrl: () => string;
}

/**
 * The composition root: every repository, service and live part of the server, built once, in
 * this order — shared parts (clock, counters, broker, timers, metrics, tokens), accounts, the
 * catalogue and profiles, tokens and sessions, the live half (calls, matching, offers, socket),
 * safety (reports, moderation), payments and sign-in, users, then background jobs. Modules get
 * only what they use; nothing else in the server builds a service.
 */
export function composeServer(deps: ServerDeps, host: ServerHost) {
  const { config, db } = deps;
  const { log } = host;

  // Shared parts.
  const clock = deps.clock ?? systemClock;
  const now = () => clock.now().getTime();
  const rateCounter = deps.rateCounter ?? createMemoryRateCounter(clock);
  const ownBroker = !deps.broker;
  const broker = deps.broker ?? createMemoryBroker(clock);
  const scheduler = deps.scheduler ?? createTimerScheduler();
  const metrics = createMetrics();
  const accessTokens = createAccessTokens({
    secret: config.JWT_SECRET,
    issuer: config.PUBLIC_URL,
    now,
  });

  // Accounts: what every protected request and socket checks.
  const usersRepo = createUsersRepo(db);
  const findAccount = async (userId: string) => {
    const row = await usersRepo.findAccountStatus(userId);
    return row && { ...row, status: effectiveStatus(row, clock.now()) };
  };

  // The catalogue, profiles, tokens and the session history.
  const languagesRepo = createLanguagesRepo(db);
  const languages = createLanguagesService({ languagesRepo, clock });
  const userLanguages = createUserLanguagesService({ languagesRepo });
  const profiles = createProfilesService({ profilesRepo: createProfilesRepo(db), clock });
  const tokensRepo = createTokensRepo(db);
  const tokens = createTokensService({ tokensRepo, clock });
  const sessions = createSessionsService({ sessionsRepo: createSessionsRepo(db), clock });

  // After the call: peer level calibration and when learners search (issue 22).
  const calibration = createCalibrationService({
    calibrationRepo: createCalibrationRepo(db),
    clock,
  });
  const searchActivityRepo = createSearchActivityRepo(db);
  const searchActivity = createSearchActivityService({
    searchActivityRepo,
    clock,
    scheduler,
    log,
  });

  // The live half: calls, matching, offers, the socket and the stats.
  const liveSessionsRepo = createLiveSessionsRepo(db);
  const lifecycle = createSessionLifecycle({
    liveSessionsRepo,
    chargeSession: createSessionCharger(db),
    broker,
    clock,
    scheduler,
    iceServersFor: createIceServers(config, clock),
    iceTransportPolicy: config.ICE_TRANSPORT_POLICY,
    reconnectGraceMs: config.SESSION_RECONNECT_GRACE_MS,
    onEnded: metrics.sessionEnded,
    log,
  });
  const matching = createMatchingService({
    matchingRepo: createMatchingRepo(db),
    broker,
    lifecycle,
    canPayForSession: async (userId) =>
      canPayForSession(await tokensRepo.tokenState(userId, clock.now())),
    clock,
    scheduler,
    rules: {
      adjacentLevelAfterMs: config.MATCH_ADJACENT_LEVEL_AFTER_MS,
      anyLevelAfterMs: config.MATCH_ANY_LEVEL_AFTER_MS,
    },
    onMatched: metrics.matched,
    onSearchStarted: (languageCode, level) => searchActivity.searchStarted(languageCode, level),
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
    server: host.server,
    broker,
    instanceId: randomUUID(),
    async authenticate(token) {
      const claims = token ? await accessTokens.verify(token) : null;
      if (!claims) return { refused: 'Authentication failed' };
      const [account, revoked] = await Promise.all([
        findAccount(claims.userId),
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
  metrics.watchLive({
    connectedSockets: () => gateway.connectedCount(),
    activeSessions: () => lifecycle.activeCount(),
    broker,
  });
  const stats = createStatsService({
    onlineCount: () => broker.onlineCount(),
    averageWaitMs: (languageCode) => matching.averageWaitMs(languageCode),
  });
  const live = createLiveRuntime({
    broker,
    scheduler,
    gateway,
    lifecycle,
    matching,
    offers,
    stats,
    log,
  });

  // Safety: reports and moderation.
  const reports = createReportsService({
    reportsRepo: createReportsRepo(db),
    lifecycle,
    clock,
    log,
    onEscalated: async (userId) => {
      await matching.cancel(userId);
    },
    onReported: (reporterId, reportedUserId) => offers.closeBetween(reporterId, reportedUserId),
  });
  const frameFlags = createFrameFlagsService({
    frameFlagsRepo: createFrameFlagsRepo(db),
    clock,
    log,
    onEscalated: async (userId) => {
      await matching.cancel(userId);
    },
  });
  const moderationRepo = createModerationRepo(db);
  const moderation = createModerationService({
    moderationRepo,
    queueRepo: createModerationQueueRepo(db),
    clock,
    enforceBlock: createBlockEnforcement({ moderationRepo, lifecycle, matching, broker }),
    log,
  });

  // Payments (Stripe, or the development billing provider outside production) and sign-in.
  const billing = createBillingService({
    billingRepo: createBillingRepo(db),
    billing: config.BILLING,
    prices: config.PREMIUM_PRICES,
    productId: config.STRIPE_PRODUCT_ID,
    publicUrl: config.PUBLIC_URL,
    webhookToleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    stripe: config.BILLING ? stripeClientFactory(config.BILLING, host.internalUrl) : null,
    clock,
    log,
  });
  const providers = createProviderRegistry(config, host.internalUrl);
  const auth = createAuthService({
    authRepo: createAuthRepo(db),
    providers,
    accessTokens,
    counter: rateCounter,
    clock,
    publicUrl: config.PUBLIC_URL,
    revokeSession: (sessionId) => broker.revokeSession(sessionId, ACCESS_TOKEN_TTL_MS),
    onSignedOut: (userId) => live.disconnectUser(userId, 'Signed out'),
  });

  // Users: warnings, the signed-in user and account deletion.
  const warnings = createWarningsService({ warningsRepo: createWarningsRepo(db), clock });
  const users = createUsersService({
    usersRepo,
    clock,
    beforeAccountDeleted: (userId) => billing.cancelForUser(userId),
    onAccountDeleted: async (userId) => {
      await live.disconnectUser(userId, 'Account deleted');
      await deps.onAccountDeleted?.(userId);
    },
  });
  const health = createHealthService({ healthRepo: createHealthRepo(db), redis: deps.redis, log });

  // Background jobs (retention), one instance at a time through advisory locks.
  const jobs = createJobRunner({
    jobs: [
      ...createRetentionJobs({ repo: createAccountPurgeRepo(db), log }),
      createSearchStartsJob(searchActivityRepo),
    ],
    locks: createAdvisoryLocks(db),
    clock,
    log,
    intervalMs: config.RETENTION_JOBS_INTERVAL_MS,
  });

  return {
    clock,
    now,
    rateCounter,
    broker,
    /** The server made the broker (none was handed in), so it closes it when it stops. */
    ownsBroker: ownBroker,
    metrics,
    accessTokens,
    findAccount,
    providers,
    live,
    jobs,
    services: {
      health,
      languages,
      userLanguages,
      profiles,
      sessions,
      tokens,
      matching,
      offers,
      stats,
      reports,
      frameFlags,
      moderation,
      billing,
      auth,
      warnings,
      users,
      calibration,
      searchActivity,
    },
  };
}

export type ComposedServer = ReturnType<typeof composeServer>;
