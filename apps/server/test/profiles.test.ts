import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../src/db/tables/users.ts';
import { apiHeaders, manualClock } from './helpers/oauth.ts';
import { drivers } from './helpers/test-app.ts';
import { useSignInApp, VALID_PROFILE, type SignedInUser } from './helpers/users.ts';

describe.each(drivers)('profiles (%s)', (driver) => {
  const clock = manualClock();
  const ctx = useSignInApp(driver, { clock, prefix: 'profiles' });

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT', payload?: object) =>
    ctx.t.app.inject({
      method,
      url: '/api/v1/profiles/me',
      headers: user ? user.headers : apiHeaders,
      ...(payload ? { payload } : {}),
    });

  const profileRows = async (userId: string) =>
    ctx.t.database.db.select().from(profiles).where(eq(profiles.userId, userId));

  it('answers 404 before the profile exists, then creates it once and reads it back', async () => {
    const user = await ctx.signIn();
    const missing = await call(user, 'GET');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: 'Profile not found' });

    const created = await call(user, 'POST', { ...VALID_PROFILE, name: '  Seo-yeon Kim ' });
    expect(created.statusCode).toBe(201);
    const now = clock.now();
    const age =
      now.getUTCFullYear() - 1998 - (now < new Date(Date.UTC(now.getUTCFullYear(), 3, 12)) ? 1 : 0);
    expect(created.json()).toEqual({
      id: user.id,
      name: 'Seo-yeon Kim',
      gender: 'female',
      country: 'KR',
      dateOfBirth: '1998-04-12T00:00:00.000Z',
      age,
      imageUrl: null,
      languageCode: null,
      languages: [],
    });
    expect((await call(user, 'GET')).json()).toEqual(created.json());

    const again = await call(user, 'POST', { ...VALID_PROFILE, name: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: 'Profile already exists' });
    expect((await profileRows(user.id))[0]?.name).toBe('Seo-yeon Kim');
  });

  it('accepts names of many scripts', async () => {
    for (const name of ['김민준', 'さくら', 'O’Brien-Núñez', "Zoë d'Arc"]) {
      const user = await ctx.signIn();
      const res = await call(user, 'POST', { ...VALID_PROFILE, name });
      expect(res.statusCode, name).toBe(201);
    }
  });

  it('refuses invalid data with the field keys and writes nothing', async () => {
    const user = await ctx.signIn();
    const today = clock.now();
    const fifteen = new Date(
      Date.UTC(today.getUTCFullYear() - 15, today.getUTCMonth(), today.getUTCDate()),
    ).toISOString();
    const cases: [object, Record<string, string>][] = [
      [{ ...VALID_PROFILE, name: 'R2-D2' }, { name: 'namePattern' }],
      [{ ...VALID_PROFILE, name: 'Ann 😀' }, { name: 'namePattern' }],
      [{ ...VALID_PROFILE, name: '   ' }, { name: 'nameRequired' }],
      [{ ...VALID_PROFILE, name: 'a'.repeat(51) }, { name: 'nameMaxLength' }],
      [{ ...VALID_PROFILE, gender: 'other' }, { gender: 'genderRequired' }],
      [{ ...VALID_PROFILE, country: 'ZZ' }, { country: 'countryRequired' }],
      [{ ...VALID_PROFILE, dateOfBirth: fifteen }, { dateOfBirth: 'ageMin' }],
      [{ ...VALID_PROFILE, dateOfBirth: '1890-01-01T00:00:00.000Z' }, { dateOfBirth: 'ageMax' }],
      [
        { ...VALID_PROFILE, dateOfBirth: '1998-04-12T09:00:00.000Z' },
        { dateOfBirth: 'dateOfBirthInvalid' },
      ],
      [
        { ...VALID_PROFILE, dateOfBirth: '2999-01-01T00:00:00.000Z' },
        { dateOfBirth: 'dateOfBirthInvalid' },
      ],
      [
        {},
        {
          name: 'nameRequired',
          gender: 'genderRequired',
          country: 'countryRequired',
          dateOfBirth: 'dateOfBirthRequired',
        },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await call(user, 'POST', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'Invalid profile data', fields });
    }
    expect(await profileRows(user.id)).toEqual([]);
    expect((await call(user, 'GET')).statusCode).toBe(404);
  });

  it('updates name, country and gender but never the date of birth', async () => {
    const user = await ctx.signIn();
    const missing = await call(user, 'PUT', { name: 'Nobody' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: 'Profile not found' });

    await call(user, 'POST', VALID_PROFILE);
    const updated = await call(user, 'PUT', {
      name: 'Minji',
      country: 'XK',
      dateOfBirth: '1950-01-01T00:00:00.000Z',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Minji',
      country: 'XK',
      gender: 'female',
      dateOfBirth: VALID_PROFILE.dateOfBirth,
    });
    const gender = await call(user, 'PUT', { gender: 'prefer_not_to_say' });
    expect(gender.json()).toMatchObject({ name: 'Minji', gender: 'prefer_not_to_say' });

    for (const [payload, fields] of [
      [{ name: '12' }, { name: 'namePattern' }],
      [{ country: 'kr' }, { country: 'countryRequired' }],
    ] as const) {
      const res = await call(user, 'PUT', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'Invalid profile data', fields });
    }
    const empty = await call(user, 'PUT', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 400, message: 'Invalid profile data' });
    expect((await call(user, 'GET')).json()).toMatchObject({ name: 'Minji', country: 'XK' });
  });

  it("touches only the caller's own profile", async () => {
    const a = await ctx.signIn();
    const b = await ctx.signIn();
    await call(a, 'POST', VALID_PROFILE);
    expect((await call(b, 'GET')).statusCode).toBe(404);
    expect((await call(b, 'PUT', { name: 'Mallory' })).statusCode).toBe(404);
    expect((await call(a, 'GET')).json()).toMatchObject({ id: a.id, name: VALID_PROFILE.name });
  });

  it('requires a signed-in user', async () => {
    for (const method of ['GET', 'POST', 'PUT'] as const) {
      const res = await call(null, method, VALID_PROFILE);
      expect(res.statusCode).toBe(401);
    }
  });
});
