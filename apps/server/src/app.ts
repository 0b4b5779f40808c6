import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { createAdvisoryLocks } from './db/advisory-lock.ts';
import type { Database } from './db/client.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { createRetentionJobs } from './jobs/retention-jobs.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLogger } from './lib/logger.ts';
import { createMetrics } from './lib/metrics.ts';
import { createMemoryRateCounter, type RateCounter } from './lib/rate-counter.ts';
import { ACCESS_TOKEN_TTL_MS, createAccessTokens } from './modules/auth/access-tokens.ts';
import { createAuthRepo } from './modules/auth/auth-repo.ts';
import authRoutes from './modules/auth/auth-routes.ts';
import { createAuthService } from './modules/auth/auth-service.ts';
import { createBillingRepo } from './modules/billing/billing-repo.ts';
import billingRoutes from './modules/billing/billing-routes.ts';
import { createBillingService } from './modules/billing/billing-service.ts';
import { devBillingRoutes } from './modules/billing/dev/dev-billing-routes.ts';
import { stripeClientFactory } from './modules/billing/stripe-client.ts';
import { devOAuthRoutes } from './modules/auth/dev-oauth-routes.ts';
import {
  createProviderRegistry,
  devIssuer,
  enabledProviders,
} from './modules/auth/provider-registry.ts';
import { createHealthRepo } from './modules/health/health-repo.ts';
import healthRoutes from './modules/health/health-routes.ts';
import { createHealthService } from './modules/health/health-service.ts';
import { createLanguagesRepo } from './modules/languages/languages-repo.ts';
import languagesRoutes from './modules/languages/languages-routes.ts';
import { createLanguagesService } from './modules/languages/languages-service.ts';
import userLanguagesRoutes from './modules/languages/user-languages-routes.ts';
import { createUserLanguagesService } from './modules/languages/user-languages-service.ts';
import { createProfilesRepo } from './modules/profiles/profiles-repo.ts';
import profilesRoutes from './modules/profiles/profiles-routes.ts';
import { createProfilesService } from './modules/profiles/profiles-service.ts';
import { createBlockEnforcement } from './modules/moderation/block-enforcement.ts';
import { createModerationQueueRepo } from './modules/moderation/moderation-queue-repo.ts';
import { createModerationRepo } from './modules/moderation/moderation-repo.ts';
import moderationRoutes from './modules/moderation/moderation-routes.ts';
import { createModerationService } from './modules/moderation/moderation-service.ts';
import { createReportsRepo } from './modules/reports/reports-repo.ts';
import reportsRoutes from './modules/reports/reports-routes.ts';
import { createReportsService } from './modules/reports/reports-service.ts';
import { createSessionsRepo } from './modules/sessions/sessions-repo.ts';
import sessionsRoutes from './modules/sessions/sessions-routes.ts';
import { createSessionsService } from './modules/sessions/sessions-service.ts';
import { createTokensRepo } from './modules/tokens/tokens-repo.ts';
import tokensRoutes from './modules/tokens/tokens-routes.ts';
import { createTokensService } from './modules/tokens/tokens-service.ts';
import { createAccountPurgeRepo } from './modules/users/account-purge-repo.ts';
import { createUsersRepo } from './modules/users/users-repo.ts';
import matchingRoutes from './modules/matching/matching-routes.ts';
import offersRoutes from './modules/offers/offers-routes.ts';
import statsRoutes from './modules/stats/stats-routes.ts';
import usersRoutes from './modules/users/users-routes.ts';
import { createWarningsRepo } from './modules/warnings/warnings-repo.ts';
import { createWarningsService } from './modules/warnings/warnings-service.ts';
import warningsRoutes from './modules/warnings/warnings-routes.ts';
import { createUsersService } from './modules/users/users-service.ts';
import { effectiveStatus } from '@parlo/contract/account-status';
import apiKeyGuard from './plugins/api-key.ts';
import authGuard from './plugins/auth-guard.ts';
import appContext from './plugins/app-context.ts';
import cors from './plugins/cors.ts';
import errorHandler, { sendFrameworkError } from './plugins/error-handler.ts';
import jsonBody from './plugins/json-body.ts';
import metricsPlugin from './plugins/metrics.ts';
import notFound from './plugins/not-found.ts';
import openApi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import requestId, { requestIdFor } from './plugins/request-id.ts';
import securityHeaders from './plugins/security-headers.ts';
import storableInput from './plugins/storable-input.ts';
import webAppPlugin, { loadWebApp } from './plugins/web-app.ts';
import type { Broker } from './broker/broker.ts';
import { createMemoryBroker } from './broker/memory-broker.ts';
import { createLive, type Live } from './realtime/live.ts';
import type { Scheduler } from './realtime/scheduler.ts';

const BILLING_WEBHOOK_PATH = '/api/v1/billing/webhook';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sockets, matching, calls and offers of this instance. */
    live: Live;
    /** Background jobs (retention); tests run one directly with `jobs.run(name)`. */
    jobs: JobRunner;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  clock?: Clock;
  logger?: FastifyBaseLogger;
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

/**
 * Builds the HTTP application without listening, so tests can `inject` into it. Plugins load in
 * a fixed order: external (headers, CORS, limits, docs), then the app's own cross-cutting
 * plugins, then the feature modules, then the web app.
 */
export async function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? createLogger(config);
  const rateCounter = deps.rateCounter ?? createMemoryRateCounter(clock);
  // Made here rather than by the live half: the auth guard checks its revocation set.
  const broker = deps.broker ?? createMemoryBroker(clock);

  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: requestIdFor,
    requestIdHeader: false,
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(securityHeaders, { publicUrl: config.PUBLIC_URL });
  await app.register(cors, { allowedOrigins: config.ALLOWED_ORIGINS });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    counter: rateCounter,
  });
  // The document lists every route, the moderation API included: not for the public internet.
  if (config.API_DOCS) await app.register(openApi);
  await app.register(cookie);
  await app.register(jsonBody);

  await app.register(appContext, { config, db, clock });
  await app.register(requestId);
  const metrics = createMetrics();
  await app.register(errorHandler, { onError: metrics.errorReplied });
  await app.register(metricsPlugin, { metrics, token: config.METRICS_TOKEN });
  await app.register(apiKeyGuard, { apiKey: config.API_KEY, exempt: [BILLING_WEBHOOK_PATH] });
  await app.register(storableInput);
  const now = () => clock.now().getTime();
  const accessTokens = createAccessTokens({
    secret: config.JWT_SECRET,
    issuer: config.PUBLIC_URL,
    now,
  });
  const usersRepo = createUsersRepo(db);
  const findAccount = async (userId: string) => {
    const row = await usersRepo.findAccountStatus(userId);
    return row && { ...row, status: effectiveStatus(row, clock.now()) };
  };
  await app.register(authGuard, {
    accessTokens,
    findAccount,
    isSessionRevoked: (sessionId) => broker.isSessionRevoked(sessionId),
  });

  await app.register(healthRoutes, {
    healthService: createHealthService({
      healthRepo: createHealthRepo(db),
      redis: deps.redis,
      log: app.log,
    }),
  });
  const languagesRepo = createLanguagesRepo(db);
  await app.register(languagesRoutes, {
    prefix: '/api/v1',
    languagesService: createLanguagesService({ languagesRepo, clock }),
  });
  await app.register(userLanguagesRoutes, {
    prefix: '/api/v1',
    userLanguagesService: createUserLanguagesService({ languagesRepo }),
  });
  const profilesService = createProfilesService({ profilesRepo: createProfilesRepo(db), clock });
  await app.register(profilesRoutes, { prefix: '/api/v1', profilesService, clock });
  const sessionsService = createSessionsService({ sessionsRepo: createSessionsRepo(db) });
  const tokensRepo = createTokensRepo(db);
  const live = createLive({
    config,
    db,
    clock,
    log: app.log,
    server: app.server,
    accessTokens,
    findAccount,
    tokensRepo,
    broker,
    scheduler: deps.scheduler,
    heartbeatMs: deps.heartbeatMs,
    metrics,
  });
  app.decorate('live', live);
  app.addHook('onReady', () => live.start());
  // Sockets close before the HTTP server stops, or it would wait for them.
  app.addHook('preClose', () => live.close());
  if (!deps.broker) app.addHook('onClose', () => broker.close());
  await app.register(sessionsRoutes, {
    prefix: '/api/v1',
    sessionsService,
    connectionTypes: live.lifecycle,
  });
  await app.register(tokensRoutes, {
    prefix: '/api/v1',
    tokensService: createTokensService({ tokensRepo, clock }),
  });
  const moderationRepo = createModerationRepo(db);
  const moderationService = createModerationService({
    moderationRepo,
    queueRepo: createModerationQueueRepo(db),
    clock,
    enforceBlock: createBlockEnforcement({
      moderationRepo,
      lifecycle: live.lifecycle,
      matching: live.matching,
      broker: live.broker,
    }),
    log: app.log,
  });
  await app.register(matchingRoutes, {
    prefix: '/api/v1',
    matchingService: live.matching,
  });
  await app.register(offersRoutes, { prefix: '/api/v1', offersService: live.offers });
  await app.register(statsRoutes, { prefix: '/api/v1', statsService: live.stats });
  await app.register(reportsRoutes, {
    prefix: '/api/v1',
    reportsService: createReportsService({
      reportsRepo: createReportsRepo(db),
      lifecycle: live.lifecycle,
      clock,
      log: app.log,
      onEscalated: async (userId) => {
        await live.matching.cancel(userId);
      },
      onReported: (reporterId, reportedUserId) =>
        live.offers.closeBetween(reporterId, reportedUserId),
    }),
  });
  await app.register(moderationRoutes, { prefix: '/api/v1', moderationService });

  // The server reaches its own development provider on the address it listens on.
  const internalUrl = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return `http://127.0.0.1:${config.PORT}`;
    const host = ['0.0.0.0', '::'].includes(address.address)
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    return `http://${host}:${address.port}`;
  };
  if (config.DEV_SIGNIN) {
    await app.register(devOAuthRoutes, {
      prefix: '/dev-oauth',
      publicUrl: config.PUBLIC_URL,
      issuer: devIssuer(config.PUBLIC_URL),
      secret: config.JWT_SECRET,
      counter: rateCounter,
      now,
    });
  }
  // Billing (issue 19): Stripe, or the development billing provider outside production.
  const billing = config.BILLING;
  const billingService = createBillingService({
    billingRepo: createBillingRepo(db),
    billing,
    prices: config.PREMIUM_PRICES,
    productId: config.STRIPE_PRODUCT_ID,
    publicUrl: config.PUBLIC_URL,
    webhookToleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    stripe: billing ? stripeClientFactory(billing, internalUrl) : null,
    clock,
    log: app.log,
  });
  await app.register(billingRoutes, { prefix: '/api/v1', billingService });
  if (billing?.provider === 'development') {
    await app.register(devBillingRoutes, {
      db,
      publicUrl: config.PUBLIC_URL,
      internalUrl,
      secretKey: billing.secretKey,
      webhookSecret: billing.webhookSecret,
      now: () => clock.now(),
      log: app.log,
      delivery: deps.devBillingDelivery,
    });
  }
  const providers = createProviderRegistry(config, internalUrl);
  await app.register(authRoutes, {
    prefix: '/api/v1',
    authService: createAuthService({
      authRepo: createAuthRepo(db),
      providers,
      accessTokens,
      counter: rateCounter,
      clock,
      publicUrl: config.PUBLIC_URL,
      revokeSession: (sessionId) => broker.revokeSession(sessionId, ACCESS_TOKEN_TTL_MS),
      onSignedOut: (userId) => live.disconnectUser(userId, 'Signed out'),
    }),
    secureCookies: config.PUBLIC_URL.startsWith('https:'),
    signInRateLimit: config.SIGNIN_RATE_LIMIT_MAX,
  });
  const jobs = createJobRunner({
    jobs: createRetentionJobs({ repo: createAccountPurgeRepo(db), log: app.log }),
    locks: createAdvisoryLocks(db),
    clock,
    log: app.log,
    intervalMs: config.RETENTION_JOBS_INTERVAL_MS,
  });
  app.decorate('jobs', jobs);
  if (config.JOBS_ENABLED) app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  await app.register(warningsRoutes, {
    prefix: '/api/v1',
    warningsService: createWarningsService({ warningsRepo: createWarningsRepo(db), clock }),
  });
  await app.register(usersRoutes, {
    prefix: '/api/v1',
    usersService: createUsersService({
      usersRepo,
      findProfile: (userId) => profilesService.findProfile(userId),
      clock,
      beforeAccountDeleted: (userId) => billingService.cancelForUser(userId),
      onAccountDeleted: async (userId) => {
        await live.disconnectUser(userId, 'Account deleted');
        await deps.onAccountDeleted?.(userId);
      },
    }),
  });

  const webApp = await loadWebApp(config.WEB_DIST, {
    apiKey: config.API_KEY,
    signInProviders: enabledProviders(providers),
    publicUrl: config.PUBLIC_URL,
  });
  if (webApp) await app.register(webAppPlugin, { webApp });
  else app.log.warn({ webDist: config.WEB_DIST }, 'no built web app found; serving the API only');
  await app.register(notFound, { webApp });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

// Fastify accepts a hop count at run time but its types do not, so hops become the equivalent
// function: trust the nearest `hops` proxies.
function trustProxyOption(value: Config['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
