import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { languages } from '../src/db/tables/catalogue.ts';
import { profiles } from '../src/db/tables/users.ts';
import { drivers } from './helpers/test-app.ts';
import { useSignInApp, VALID_PROFILE, type SignedInUser } from './helpers/users.ts';

describe.each(drivers)('user languages (%s)', (driver) => {
  const ctx = useSignInApp(driver, { prefix: 'languages' });

  beforeAll(async () => {
    // The seed opens only English; these tests need a few more ('ko' stays closed).
    await ctx.t.database.db
      .update(languages)
      .set({ available: true })
      .where(inArray(languages.code, ['fr', 'es', 'de']));
  });

  const call = (
    user: SignedInUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.t.app.inject({
      method,
      url: `/api/v1/languages/user${url}`,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
  const add = (user: SignedInUser, languageCode: string, proficiencyLevel = 'B1') =>
    call(user, 'POST', '', { languageCode, proficiencyLevel });
  const currentOf = async (user: SignedInUser) => {
    const [row] = await ctx.t.database.db
      .select({ current: profiles.currentLanguageCode })
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    return row?.current;
  };

  async function onboarded() {
    const user = await ctx.signIn();
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/profiles/me',
      headers: user.headers,
      payload: VALID_PROFILE,
    });
    expect(res.statusCode).toBe(201);
    return user;
  }

  it('refuses to add a language before the profile exists', async () => {
    const user = await ctx.signIn();
    const res = await add(user, 'en');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Profile not found' });
    expect((await call(user, 'GET', '')).json()).toEqual([]);
  });

  it('adds languages in order, and the first one becomes the current one', async () => {
    const user = await onboarded();
    const first = await add(user, 'en', 'B1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String) as string,
      languageCode: 'en',
      proficiencyLevel: 'B1',
    });
    expect(await currentOf(user)).toBe('en');
    expect((await add(user, 'fr', 'A1')).statusCode).toBe(201);
    expect((await add(user, 'es', 'C2')).statusCode).toBe(201);
    expect(await currentOf(user)).toBe('en');

    const list = await call(user, 'GET', '');
    expect(list.json<{ languageCode: string }[]>().map((l) => l.languageCode)).toEqual([
      'en',
      'fr',
      'es',
    ]);
    const me = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: user.headers,
    });
    expect(me.json()).toMatchObject({
      profile: { languageCode: 'en', languages: list.json<unknown>() },
    });
  });

  it('answers each refused add with its status and message', async () => {
    const user = await onboarded();
    await add(user, 'en');
    const cases: [object, number, string][] = [
      [
        { languageCode: 'en', proficiencyLevel: 'A2' },
        409,
        'You are already learning this language',
      ],
      [{ languageCode: 'xx', proficiencyLevel: 'A2' }, 404, 'Language not found'],
      [
        { languageCode: 'ko', proficiencyLevel: 'A2' },
        400,
        'The selected language is not available',
      ],
      [{ languageCode: 'fr', proficiencyLevel: 'D1' }, 400, 'Invalid language data'],
      [{ languageCode: 'fr' }, 400, 'Invalid language data'],
      [{ proficiencyLevel: 'A1' }, 400, 'Invalid language data'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call(user, 'POST', '', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ code: status, message });
    }
    expect((await call(user, 'GET', '')).json()).toHaveLength(1);
  });

  it('changes the level, switches the current language and removes only non-current ones', async () => {
    const user = await onboarded();
    await add(user, 'en');
    await add(user, 'fr', 'A1');

    const level = await call(user, 'PUT', '/fr/proficiency', { proficiencyLevel: 'B2' });
    expect(level.statusCode).toBe(200);
    expect(level.json()).toMatchObject({ languageCode: 'fr', proficiencyLevel: 'B2' });
    const badLevel = await call(user, 'PUT', '/fr/proficiency', { proficiencyLevel: 'Z9' });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json()).toMatchObject({ code: 400, message: 'Invalid language data' });
    const notMine = await call(user, 'PUT', '/es/proficiency', { proficiencyLevel: 'B2' });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ code: 404, message: 'Language not found' });

    const removeCurrent = await call(user, 'DELETE', '/en');
    expect(removeCurrent.statusCode).toBe(409);
    expect(removeCurrent.json()).toEqual({
      code: 409,
      message: 'The current language cannot be removed',
    });

    const switched = await call(user, 'PUT', '/current', { languageCode: 'fr' });
    expect(switched.statusCode).toBe(204);
    expect(await currentOf(user)).toBe('fr');
    expect((await call(user, 'PUT', '/current', { languageCode: 'es' })).statusCode).toBe(404);
    expect((await call(user, 'PUT', '/current', {})).statusCode).toBe(400);

    expect((await call(user, 'DELETE', '/en')).statusCode).toBe(204);
    expect((await call(user, 'DELETE', '/en')).statusCode).toBe(404);
    expect((await call(user, 'DELETE', '/fr')).statusCode).toBe(409);
    expect((await call(user, 'GET', '')).json()).toEqual([
      expect.objectContaining({ languageCode: 'fr', proficiencyLevel: 'B2' }) as unknown,
    ]);
  });

  it('refuses codes with NUL, control characters or lone surrogates with 400, never 500', async () => {
    const user = await onboarded();
    await add(user, 'en');
    await add(user, 'fr', 'A1');
    const refused = { code: 400, message: 'Invalid language data' };
    // A lone surrogate has no UTF-8 form: percent-encoded, it cannot even be decoded as a URL.
    const malformedUrl = { code: 400, message: 'Malformed URL' };
    const cases: [string, object][] = [
      ['en%00', refused],
      ['f%00r', refused],
      ['en%0A', refused],
      ['en%1F', refused],
      ['e%20n', refused],
      ['%ED%A0%80', malformedUrl],
    ];
    for (const [bad, answer] of cases) {
      const removed = await call(user, 'DELETE', `/${bad}`);
      expect(removed.statusCode, bad).toBe(400);
      expect(removed.json()).toEqual(expect.objectContaining(answer));
      const level = await call(user, 'PUT', `/${bad}/proficiency`, { proficiencyLevel: 'C1' });
      expect(level.statusCode, bad).toBe(400);
      expect(level.json()).toEqual(expect.objectContaining(answer));
    }
    for (const languageCode of ['en\u0000', 'fr\u0000x', 'en\ud800', '\udc00fr', 'e\u0007n']) {
      // JSON.stringify writes NUL and lone surrogates as \u escapes, as a hostile client would.
      const payload = JSON.stringify({ languageCode });
      const current = await ctx.t.app.inject({
        method: 'PUT',
        url: '/api/v1/languages/user/current',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(current.statusCode, payload).toBe(400);
      expect(current.json()).toMatchObject(refused);
      const added = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/v1/languages/user',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ languageCode, proficiencyLevel: 'B1' }),
      });
      expect(added.statusCode, payload).toBe(400);
    }
    expect(await currentOf(user)).toBe('en');
    expect((await call(user, 'GET', '')).json()).toEqual([
      expect.objectContaining({ languageCode: 'en', proficiencyLevel: 'B1' }) as unknown,
      expect.objectContaining({ languageCode: 'fr', proficiencyLevel: 'A1' }) as unknown,
    ]);
  });

  it('answers a well-formed code outside the catalogue with 404 on every route', async () => {
    const user = await onboarded();
    await add(user, 'en');
    const notFound = { code: 404, message: 'Language not found' };
    expect((await call(user, 'DELETE', '/xx')).json()).toEqual(notFound);
    expect(
      (await call(user, 'PUT', '/zh-Hant/proficiency', { proficiencyLevel: 'B2' })).json(),
    ).toEqual(notFound);
    expect((await call(user, 'PUT', '/current', { languageCode: 'EN' })).json()).toEqual(notFound);
    expect((await add(user, 'tlh')).json()).toEqual(notFound);
    expect(await currentOf(user)).toBe('en');
  });

  it("touches only the caller's own languages", async () => {
    const a = await onboarded();
    const b = await onboarded();
    await add(a, 'en');
    await add(a, 'fr', 'A1');
    await add(b, 'de', 'C1');

    expect((await call(b, 'GET', '')).json()).toEqual([
      expect.objectContaining({ languageCode: 'de' }) as unknown,
    ]);
    expect((await call(b, 'PUT', '/fr/proficiency', { proficiencyLevel: 'C2' })).statusCode).toBe(
      404,
    );
    expect((await call(b, 'DELETE', '/fr')).statusCode).toBe(404);
    expect((await call(b, 'PUT', '/current', { languageCode: 'en' })).statusCode).toBe(404);
    expect(await currentOf(b)).toBe('de');
    expect((await call(a, 'GET', '')).json()).toEqual([
      expect.objectContaining({ languageCode: 'en', proficiencyLevel: 'B1' }) as unknown,
      expect.objectContaining({ languageCode: 'fr', proficiencyLevel: 'A1' }) as unknown,
    ]);
    expect(await currentOf(a)).toBe('en');
  });
});
