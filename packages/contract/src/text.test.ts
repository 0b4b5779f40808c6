import { describe, expect, it } from 'vitest';
import { signInBodySchema } from './auth.ts';
import { devAuthorizeFormSchema } from './dev-oauth.ts';
import { offerParamsSchema } from './match.ts';
import { moderationActionBodySchema, moderationReportsQuerySchema } from './moderation.ts';
import { reportCreateBodySchema } from './reports.ts';
import { sessionParamsSchema } from './sessions.ts';
import { isStorableText, storableText } from './text.ts';
import { usageParamsSchema } from './tokens.ts';
import {
  addUserLanguageBodySchema,
  setCurrentLanguageBodySchema,
  userLanguageParamsSchema,
} from './user-languages.ts';
import { accountWarningParamsSchema } from './warnings.ts';

const UNSTORABLE = ['a\u0000b', '\u0000', 'x\ud800', '\ud800y', '\udc00', 'a\udc00\ud800b'];

describe('text PostgreSQL can store', () => {
  it('refuses NUL and unpaired surrogates, and keeps every other character', () => {
    for (const value of UNSTORABLE)
      expect(isStorableText(value), JSON.stringify(value)).toBe(false);
    for (const value of [
      '',
      'plain',
      'Jürgen 김서연 🙂',
      '\ud83d\ude42',
      'tab\there',
      '\u0001\u007f',
    ]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
    }
    expect(storableText().max(3).safeParse('ab\u0000').success).toBe(false);
  });

  it('is required of every free-text field a request carries', () => {
    const uuid = '0b6c1a1e-6f1a-4a51-9f59-2b7f3f1c8a10';
    const fields = [
      (v: string) =>
        reportCreateBodySchema.safeParse({
          reportedUserId: uuid,
          sessionId: uuid,
          reason: 'spam',
          comment: v,
        }),
      (v: string) => moderationActionBodySchema.safeParse({ action: 'warn', reason: v }),
      (v: string) => moderationReportsQuerySchema.safeParse({ cursor: v }),
      (v: string) => usageParamsSchema.safeParse({ featureCode: v }),
      (v: string) => offerParamsSchema.safeParse({ id: v }),
      (v: string) => sessionParamsSchema.safeParse({ id: v }),
      (v: string) => accountWarningParamsSchema.safeParse({ id: v }),
      (v: string) => signInBodySchema.safeParse({ provider: v, code: 'c' }),
      (v: string) =>
        devAuthorizeFormSchema.safeParse({
          provider: 'google',
          response_type: 'code',
          client_id: 'c',
          redirect_uri: 'http://localhost/cb',
          state: 's',
          email: v,
        }),
    ];
    for (const parse of fields) {
      expect(parse('fine').success, parse.toString()).toBe(true);
      for (const value of UNSTORABLE) {
        expect(parse(`fine${value}`).success, `${parse.toString()} ${JSON.stringify(value)}`).toBe(
          false,
        );
      }
    }
  });
});

describe('language codes in requests', () => {
  it('accepts code-shaped values only (the catalogue check is the server 404)', () => {
    for (const code of ['en', 'xx', 'zh-Hant', 'tlh']) {
      expect(userLanguageParamsSchema.safeParse({ languageCode: code }).success, code).toBe(true);
      expect(setCurrentLanguageBodySchema.safeParse({ languageCode: ` ${code} ` }).success).toBe(
        true,
      );
    }
    for (const code of [
      'en\u0000',
      'e n',
      'e\nn',
      'e\ud800',
      '',
      'e',
      'en_US',
      'a'.repeat(17),
      '12',
    ]) {
      expect(userLanguageParamsSchema.safeParse({ languageCode: code }).success, code).toBe(false);
      expect(
        addUserLanguageBodySchema.safeParse({ languageCode: code, proficiencyLevel: 'B1' }).success,
        code,
      ).toBe(false);
    }
  });
});
