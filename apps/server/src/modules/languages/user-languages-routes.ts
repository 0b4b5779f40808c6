import { errorEnvelopeSchema } from '@parlo/contract/errors';
import {
  addUserLanguageBodySchema,
  setCurrentLanguageBodySchema,
  updateProficiencyBodySchema,
  userLanguageListSchema,
  userLanguageParamsSchema,
  userLanguageSchema,
} from '@parlo/contract/user-languages';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { refuseWith } from '../../lib/validation.ts';
import type { UserLanguagesService } from './user-languages-service.ts';

const security = [{ apiKey: [], bearer: [] }];
const invalidLanguageData = refuseWith('Invalid language data');
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The signed-in user's practice languages; every call touches only the caller's own rows. */
const userLanguagesRoutes: FastifyPluginCallbackZod<{
  userLanguagesService: UserLanguagesService;
}> = (app, { userLanguagesService: service }, done) => {
  app.get(
    '/languages/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['languages'],
        summary: "The user's languages, in the order added",
        security,
        response: { 200: userLanguageListSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => service.list(request.user!.id),
  );

  app.post(
    '/languages/user',
    {
      onRequest: app.authenticate,
      schemaErrorFormatter: invalidLanguageData,
      schema: {
        tags: ['languages'],
        summary: 'Add a language; the first one becomes the current one',
        security,
        body: addUserLanguageBodySchema,
        response: { 201: userLanguageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.add(request.user!.id, request.body)),
  );

  app.put(
    '/languages/user/current',
    {
      onRequest: app.authenticate,
      schemaErrorFormatter: invalidLanguageData,
      schema: {
        tags: ['languages'],
        summary: 'Choose the current practice language',
        security,
        body: setCurrentLanguageBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.setCurrent(request.user!.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/languages/user/:languageCode/proficiency',
    {
      onRequest: app.authenticate,
      schemaErrorFormatter: invalidLanguageData,
      schema: {
        tags: ['languages'],
        summary: 'Change the proficiency level of one of the user languages',
        security,
        params: userLanguageParamsSchema,
        body: updateProficiencyBodySchema,
        response: { 200: userLanguageSchema, ...errors },
      },
    },
    (request) =>
      service.updateProficiency(request.user!.id, request.params.languageCode, request.body),
  );

  app.delete(
    '/languages/user/:languageCode',
    {
      onRequest: app.authenticate,
      schemaErrorFormatter: invalidLanguageData,
      schema: {
        tags: ['languages'],
        summary: 'Remove a language other than the current one',
        security,
        params: userLanguageParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.user!.id, request.params.languageCode);
      return reply.code(204).send(null);
    },
  );
  done();
};

export default userLanguagesRoutes;
