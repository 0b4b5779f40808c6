import { describe, expect, it } from 'vitest';
import { createLanguagesService } from './languages-service.ts';

describe('languages service', () => {
  it('returns the catalogue in repository order and hides codes the product does not know', async () => {
    const service = createLanguagesService({
      languagesRepo: {
        listAll: () =>
          Promise.resolve([
            { code: 'en', nativeName: 'English', available: true },
            { code: 'nl', nativeName: 'Nederlands', available: true },
            { code: 'ko', nativeName: '한국어', available: false },
          ]),
      },
    });
    expect(await service.listLanguages()).toEqual([
      { code: 'en', nativeName: 'English', available: true },
      { code: 'ko', nativeName: '한국어', available: false },
    ]);
  });
});
