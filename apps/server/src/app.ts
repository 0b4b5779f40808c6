import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { composeServer, type ServerDeps } from './composition.ts';
import type { Config } from './config/env.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { AccessLog, createLogger } from './lib/logger.ts';
import afterCallRoutes from './modules/after-call/after-call-routes.ts';
import authRoutes from './modules/auth/auth-routes.ts';
import { devOAuthRoutes } from './modules/auth/dev-oauth-routes.ts';
import { devIssuer, enabledProviders } from './modules/auth/provider-registry.ts';
import billingRoutes, { BILLING_WEBHOOK_PATH } from './modules/billing/billing-routes.ts';
import { devBillingRoutes } from './modules/billing/dev/dev-billing-routes.ts';
import frameFlagsRoutes from './modules/frame-flags/frame-flags-routes.ts';
import healthRoutes from './modules/health/health-routes.ts';
import languagesRoutes from './modules/languages/languages-routes.ts';
import userLanguagesRoutes from './modules/languages/user-languages-routes.ts';
import matchingRoutes from './modules/matching/matching-routes.ts';
import moderationRoutes from './modules/moderation/moderation-routes.ts';
import offersRoutes from './modules/offers/offers-routes.ts';
import profilesRoutes from './modules/profiles/profiles-routes.ts';
import reportsRoutes from './modules/reports/reports-routes.ts';
import sessionsRoutes from './modules/sessions/sessions-routes.ts';
import statsRoutes from './modules/stats/stats-routes.ts';
import tokensRoutes from './modules/tokens/tokens-routes.ts';
import usersRoutes from './modules/users/users-routes.ts';
import warningsRoutes from './modules/warnings/warnings-routes.ts';
import apiKeyGuard from './plugins/api-key.ts';
import authGuard from './plugins/auth-guard.ts';
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
import type { Live } from './realtime/live.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sockets, matching, calls and offers of this instance. */
    live: Live;
    /** Background jobs (retention); tests run one directly with `jobs.run(name)`. */
    jobs: JobRunner;
  }
}

export interface AppDeps extends ServerDeps {
  logger?: FastifyBaseLogger;
}

const API = { prefix: '/api/v1' };

/**
 * Builds the HTTP application without listening, so tests can `inject` into it. The composition
 * root (composition.ts) builds every service; this file only mounts them, in a fixed order:
 * external plugins (headers, CORS, limits, docs, bodies), the app's cross-cutting plugins
 * (request ids, errors, metrics, the API key, input checks, the auth guard), the feature routes,
 * the development providers, then the web app and the 404.
 */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config),
    logController: new AccessLog(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: requestIdFor,
    requestIdHeader: false,
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const internalUrl = () => listeningUrl(app.server.address() as AddressInfo | null, config.PORT);
  const server = composeServer(deps, { log: app.log, server: app.server, internalUrl });
  const { services, live, jobs, metrics, rateCounter, broker } = server;

  // External plugins.
  await app.register(securityHeaders, { publicUrl: config.PUBLIC_URL });
  await app.register(cors, { allowedOrigins: config.ALLOWED_ORIGINS });
  await app.register(rateLimit, { max: config.RATE_LIMIT_MAX, counter: rateCounter });
  // The document lists every route, the moderation API included: not for the public internet.
  if (config.API_DOCS) await app.register(openApi);
  await app.register(jsonBody);

  // The app's cross-cutting plugins.
  await app.register(requestId);
  await app.register(errorHandler, { onError: metrics.errorReplied });
  await app.register(metricsPlugin, { metrics, token: config.METRICS_TOKEN });
  await app.register(apiKeyGuard, { apiKey: config.API_KEY, exempt: [BILLING_WEBHOOK_PATH] });
  await app.register(storableInput);
  await app.register(authGuard, {
    accessTokens: server.accessTokens,
    findAccount: server.findAccount,
    isSessionRevoked: (sessionId) => broker.isSessionRevoked(sessionId),
  });

  // Lifecycle: the live half starts once the app is ready; sockets close before the HTTP server
  // stops, or it would wait for them.
  app.decorate('live', live);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => live.start());
  if (config.JOBS_ENABLED) app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => live.close());
  app.addHook('preClose', () => jobs.stop());
  // Search starts still waiting for their insert are written before the database closes.
  app.addHook('onClose', () => services.searchActivity.flush());
  if (server.ownsBroker) app.addHook('onClose', () => broker.close());

  // Feature routes.
  await app.register(healthRoutes, { healthService: services.health });
  await app.register(languagesRoutes, { ...API, languagesService: services.languages });
  await app.register(userLanguagesRoutes, {
    ...API,
    userLanguagesService: services.userLanguages,
  });
  await app.register(profilesRoutes, {
    ...API,
    profilesService: services.profiles,
    clock: server.clock,
  });
  await app.register(sessionsRoutes, {
    ...API,
    sessionsService: services.sessions,
    connectionTypes: live.lifecycle,
  });
  await app.register(tokensRoutes, { ...API, tokensService: services.tokens });
  await app.register(matchingRoutes, { ...API, matchingService: services.matching });
  await app.register(offersRoutes, { ...API, offersService: services.offers });
  await app.register(statsRoutes, { ...API, statsService: services.stats });
  await app.register(reportsRoutes, { ...API, reportsService: services.reports });
  await app.register(moderationRoutes, { ...API, moderationService: services.moderation });
  await app.register(frameFlagsRoutes, {
    ...API,
    frameFlagsService: services.frameFlags,
    moderationService: services.moderation,
  });
  await app.register(billingRoutes, { ...API, billingService: services.billing });
  await app.register(authRoutes, {
    ...API,
    authService: services.auth,
    secureCookies: config.PUBLIC_URL.startsWith('https:'),
    signInRateLimit: config.SIGNIN_RATE_LIMIT_MAX,
  });
  await app.register(warningsRoutes, { ...API, warningsService: services.warnings });
  await app.register(usersRoutes, { ...API, usersService: services.users });
  await app.register(afterCallRoutes, {
    ...API,
    calibrationService: services.calibration,
    searchActivityService: services.searchActivity,
  });

  // The development providers, outside production only (config refuses them there).
  if (config.DEV_SIGNIN) {
    await app.register(devOAuthRoutes, {
      prefix: '/dev-oauth',
      publicUrl: config.PUBLIC_URL,
      issuer: devIssuer(config.PUBLIC_URL),
      secret: config.JWT_SECRET,
      counter: rateCounter,
      now: server.now,
    });
  }
  if (config.BILLING?.provider === 'development') {
    await app.register(devBillingRoutes, {
      db: deps.db,
      publicUrl: config.PUBLIC_URL,
      internalUrl,
      secretKey: config.BILLING.secretKey,
      webhookSecret: config.BILLING.webhookSecret,
      now: () => server.clock.now(),
      log: app.log,
      delivery: deps.devBillingDelivery,
    });
  }

  // The web app.
  const webApp = await loadWebApp(config.WEB_DIST, {
    apiKey: config.API_KEY,
    signInProviders: enabledProviders(server.providers),
    publicUrl: config.PUBLIC_URL,
  });
  if (webApp) await app.register(webAppPlugin, { webApp });
  else app.log.warn({ webDist: config.WEB_DIST }, 'no built web app found; serving the API only');
  await app.register(notFound, { webApp });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The address the server listens on, as a URL the process can call itself on. */
function listeningUrl(address: AddressInfo | null, port: number) {
  if (!address || typeof address !== 'object') return `http://127.0.0.1:${port}`;
  const host = ['0.0.0.0', '::'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

// Fastify accepts a hop count at run time but its types do not, so hops become the equivalent
// function: trust the nearest `hops` proxies.
function trustProxyOption(value: Config['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
