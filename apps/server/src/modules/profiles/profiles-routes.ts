import { errorEnvelopeSchema } from '@parlo/contract/errors';
import {
  createProfileBodySchema,
  profileSchema,
  updateProfileBodySchema,
} from '@parlo/contract/profiles';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { refuseWith } from '../../lib/validation.ts';
import type { ProfilesService } from './profiles-service.ts';

const security = [{ apiKey: [], bearer: [] }];
const invalidProfileData = refuseWith('Invalid profile data');

const profilesRoutes: FastifyPluginCallbackZod<{
  profilesService: ProfilesService;
  clock: Clock;
}> = (app, { profilesService, clock }, done) => {
  app.get(
    '/profiles/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profiles'],
        summary: "The signed-in user's profile",
        security,
        response: { 200: profileSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    (request) => profilesService.getProfile(request.user!.id),
  );

  app.post(
    '/profiles/me',
    {
      onRequest: app.authenticate,
      schemaErrorFormatter: invalidProfileData,
      schema: {
        tags: ['profiles'],
        summary: 'Create the profile (onboarding)',
        security,
        body: createProfileBodySchema(() => clock.now()),
        response: {
          201: profileSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const profile = await profilesService.createProfile(request.user!.id, request.body);
      return reply.code(201).send(profile);
    },
  );

  app.put(
    '/profiles/me',
    {
      onRequest: app.authenticate,
      schemaErrorFormatter: invalidProfileData,
      schema: {
        tags: ['profiles'],
        summary: 'Change name, gender or country',
        security,
        body: updateProfileBodySchema,
        response: {
          200: profileSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    (request) => profilesService.updateProfile(request.user!.id, request.body),
  );
  done();
};

export default profilesRoutes;
