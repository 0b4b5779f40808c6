import { errorEnvelopeSchema } from '@parlo/contract/errors';
import {
  FRAME_FLAG_REQUESTS_PER_MINUTE,
  frameFlagBodySchema,
  frameFlagSchema,
  moderationFrameFlagsSchema,
  moderationHeldUsersSchema,
} from '@parlo/contract/frame-flags';
import { safetySettingsSchema } from '@parlo/contract/safety-settings';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseWith } from '../../lib/validation.ts';
import type { ModerationService } from '../moderation/moderation-service.ts';
import type { FrameFlagsService } from './frame-flags-service.ts';

const security = [{ apiKey: [], bearer: [] }];
const userParamsSchema = z.strictObject({ userId: z.uuid({ error: 'userId must be a user id' }) });

/**
 * The frame guard's API (issue 18): a flag's score from a call, the account's reveal-together
 * setting, and the moderators' view of the flags about one user. No route takes or gives an image.
 */
const frameFlagsRoutes: FastifyPluginCallbackZod<{
  frameFlagsService: FrameFlagsService;
  moderationService: Pick<ModerationService, 'access'>;
}> = (app, { frameFlagsService, moderationService }, done) => {
  app.post(
    '/frame-flags',
    {
      onRequest: app.authenticate,
      // A browser sends one flag per side and call (the database refuses a second), so more than
      // a few a minute from one account is a flood. Counted per account, not per address: the
      // limit runs after `authenticate`, and a school's learners share one address, where one
      // flooding account would otherwise silence everyone else's flags for the minute.
      config: {
        rateLimit: {
          max: FRAME_FLAG_REQUESTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `user:${request.user!.id}`,
        },
      },
      schemaErrorFormatter: refuseWith('Invalid flag'),
      schema: {
        tags: ['safety'],
        summary: "Send the on-device frame guard's score for a session (never a frame)",
        security,
        body: frameFlagBodySchema,
        response: {
          201: frameFlagSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          410: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const flag = await frameFlagsService.create(request.user!.id, request.body);
      return reply.code(201).send(flag);
    },
  );

  app.get(
    '/users/me/safety-settings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['safety'],
        summary: "The caller's frame guard settings (reveal together)",
        security,
        response: { 200: safetySettingsSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => frameFlagsService.settings(request.user!.id),
  );

  app.put(
    '/users/me/safety-settings',
    {
      onRequest: app.authenticate,
      schemaErrorFormatter: refuseWith('Invalid settings'),
      schema: {
        tags: ['safety'],
        summary: "Change the caller's frame guard settings",
        security,
        body: safetySettingsSchema,
        response: {
          200: safetySettingsSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    (request) => frameFlagsService.saveSettings(request.user!.id, request.body),
  );

  app.get(
    '/moderation/users/:userId/frame-flags',
    {
      onRequest: [
        app.authenticate,
        async (request) => {
          await moderationService.access(request.user!.id);
        },
      ],
      schemaErrorFormatter: refuseWith('Invalid user'),
      schema: {
        tags: ['moderation'],
        summary: 'Frame guard flags about one user: counts, scores and times, no image',
        security,
        params: userParamsSchema,
        response: {
          200: moderationFrameFlagsSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    (request) => frameFlagsService.listAbout(request.params.userId),
  );
  app.get(
    '/moderation/frame-flags/held',
    {
      onRequest: [
        app.authenticate,
        async (request) => {
          await moderationService.access(request.user!.id);
        },
      ],
      schema: {
        tags: ['moderation'],
        summary: 'Users held for review by frame flags with no open report (the queue misses them)',
        security,
        response: {
          200: moderationHeldUsersSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    () => frameFlagsService.listHeld(),
  );
  done();
};

export default frameFlagsRoutes;
