import { errorEnvelopeSchema } from '@parlo/contract/errors';
import {
  moderationAccessSchema,
  moderationActionBodySchema,
  moderationActionSchema,
  moderationReportsPageSchema,
  moderationReportsQuerySchema,
  moderationUserSchema,
} from '@parlo/contract/moderation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseWith } from '../../lib/validation.ts';
import type { ModerationService } from './moderation-service.ts';

const security = [{ apiKey: [], bearer: [] }];
const userParamsSchema = z.strictObject({ userId: z.uuid({ error: 'userId must be a user id' }) });
const refused = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/**
 * The moderation console's API (issue 7). The role is read from the database before anything
 * else on every request (never from the token), so a non-moderator gets 403 whatever they send
 * and a revoked moderator is refused at once.
 */
const moderationRoutes: FastifyPluginCallbackZod<{ moderationService: ModerationService }> = (
  app,
  { moderationService },
  done,
) => {
  const moderatorsOnly = async (request: FastifyRequest) => {
    await moderationService.access(request.user!.id);
  };
  const onRequest = [app.authenticate, moderatorsOnly];

  app.get(
    '/moderation/access',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['moderation'],
        summary: "The caller's moderation role; 403 for anyone but moderators and admins",
        security,
        response: {
          200: moderationAccessSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    (request) => moderationService.access(request.user!.id),
  );

  app.get(
    '/moderation/reports',
    {
      onRequest,
      schemaErrorFormatter: refuseWith('Invalid moderation query'),
      schema: {
        tags: ['moderation'],
        summary: 'The report queue: escalated users first, then newest first',
        security,
        querystring: moderationReportsQuerySchema,
        response: { 200: moderationReportsPageSchema, ...refused },
      },
    },
    (request) => moderationService.listReports(request.query),
  );

  app.get(
    '/moderation/users/:userId',
    {
      onRequest,
      schemaErrorFormatter: refuseWith('Invalid moderation query'),
      schema: {
        tags: ['moderation'],
        summary: 'A user, the reports against them and their moderation history',
        security,
        params: userParamsSchema,
        response: { 200: moderationUserSchema, ...refused },
      },
    },
    (request) => moderationService.getUser(request.params.userId.toLowerCase()),
  );

  app.post(
    '/moderation/users/:userId/actions',
    {
      onRequest,
      schemaErrorFormatter: refuseWith('Invalid moderation action'),
      schema: {
        tags: ['moderation'],
        summary: 'Dismiss a report, warn, block or unblock the user (recorded in the history)',
        security,
        params: userParamsSchema,
        body: moderationActionBodySchema,
        response: { 201: moderationActionSchema, ...refused, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const action = await moderationService.act(
        request.user!.id,
        request.params.userId.toLowerCase(),
        request.body,
      );
      return reply.code(201).send(action);
    },
  );

  done();
};

export default moderationRoutes;
