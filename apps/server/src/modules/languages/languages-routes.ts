import { errorEnvelopeSchema } from '@parlo/contract/errors';
import { languageListSchema } from '@parlo/contract/languages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { LanguagesService } from './languages-service.ts';

const languagesRoutes: FastifyPluginCallbackZod<{ languagesService: LanguagesService }> = (
  app,
  { languagesService },
  done,
) => {
  app.get(
    '/languages',
    {
      schema: {
        tags: ['languages'],
        summary: 'The practice-language catalogue',
        response: { 200: languageListSchema, 401: errorEnvelopeSchema },
      },
    },
    () => languagesService.listLanguages(),
  );
  done();
};

export default languagesRoutes;
