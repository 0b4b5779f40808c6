import { errorEnvelopeSchema } from '@parlo/contract/errors';
import {
  adViewSchema,
  bonusTokenCountSchema,
  bonusTokenGrantBodySchema,
  bonusTokenGrantSchema,
  planListSchema,
  subscriptionSchema,
  usageEntrySchema,
  usageListSchema,
  usageParamsSchema,
} from '@parlo/contract/tokens';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { TokensService } from './tokens-service.ts';

const security = [{ apiKey: [], bearer: [] }];

/** Plans, subscriptions, daily usages and bonus tokens (spec §7). */
const tokensRoutes: FastifyPluginCallbackZod<{ tokensService: TokensService }> = (
  app,
  { tokensService },
  done,
) => {
  app.get(
    '/plans',
    {
      schema: {
        tags: ['tokens'],
        summary: 'The plans and their daily features, free first (for the premium comparison)',
        security: [{ apiKey: [] }],
        response: { 200: planListSchema, 401: errorEnvelopeSchema },
      },
    },
    () => tokensService.listPlans(),
  );

  app.get(
    '/subscriptions/user/active',
    {
      // The account is read with the data, in the same query (checkAccount in the service).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['tokens'],
        summary: "The user's active subscription and its plan",
        security,
        response: { 200: subscriptionSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    (request) => tokensService.getActiveSubscription(request.tokenUserId!),
  );

  app.get(
    '/usages',
    {
      // The account is read with the data, in the same query (checkAccount in the service).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['tokens'],
        summary: "Today's use of every plan feature (the day resets at 00:00 UTC)",
        security,
        response: { 200: usageListSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => tokensService.listUsages(request.tokenUserId!),
  );

  app.get(
    '/usages/:featureCode',
    {
      // The account is read with the data, in the same query (checkAccount in the service).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['tokens'],
        summary: "Today's use of one plan feature",
        security,
        params: usageParamsSchema,
        response: { 200: usageEntrySchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => tokensService.getUsage(request.tokenUserId!, request.params.featureCode),
  );

  app.get(
    '/bonus-tokens/count',
    {
      // The account is read with the data, in the same query (checkAccount in the service).
      onRequest: app.authenticateToken,
      schema: {
        tags: ['tokens'],
        summary: "The user's bonus token balance",
        security,
        response: { 200: bonusTokenCountSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => tokensService.countBonusTokens(request.tokenUserId!),
  );

  app.post(
    '/bonus-tokens/ad-views',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['tokens'],
        summary: 'Start a rewarded video ad; its reward can be claimed from claimableAt',
        security,
        response: { 201: adViewSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const adView = await tokensService.startAdView(request.user!.id);
      return reply.code(201).send(adView);
    },
  );

  app.post(
    '/bonus-tokens',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['tokens'],
        summary: 'Claim the bonus token of the ad view just watched',
        security,
        body: bonusTokenGrantBodySchema,
        response: {
          201: bonusTokenGrantSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const grant = await tokensService.claimAdReward(request.user!.id, request.body.adViewId);
      return reply.code(201).send(grant);
    },
  );
  done();
};

export default tokensRoutes;
