import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { offerCreateBodySchema, offerParamsSchema } from '@parlo/contract/match';
import { sessionOfferSchema } from '@parlo/contract/realtime';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OffersService } from './offers-service.ts';

const security = [{ apiKey: [], bearer: [] }];
const refusals = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const offersRoutes: FastifyPluginCallbackZod<{ offersService: OffersService }> = (
  app,
  { offersService },
  done,
) => {
  app.post(
    '/match/offers',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['match'],
        summary: 'Offer the partner of your last session to continue',
        security,
        body: offerCreateBodySchema,
        response: {
          201: sessionOfferSchema,
          400: errorEnvelopeSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const offer = await offersService.create(request.user!, request.body);
      return reply.code(201).send(offer);
    },
  );

  app.delete(
    '/match/offers/:id/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['match'],
        summary: 'Withdraw an offer you sent',
        security,
        params: offerParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await offersService.cancel(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/match/offers/:id/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['match'],
        summary: 'Accept an offer; the new session arrives as session_created on the socket',
        security,
        params: offerParamsSchema,
        response: { 204: z.null(), 429: errorEnvelopeSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await offersService.accept(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/match/offers/:id/decline',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['match'],
        summary: 'Decline an offer you received',
        security,
        params: offerParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await offersService.decline(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  done();
};

export default offersRoutes;
