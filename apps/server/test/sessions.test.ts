import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/tables/sessions.ts';
import { drivers } from './helpers/test-app.ts';
import { useSignInApp, VALID_PROFILE, type SignedInUser } from './helpers/users.ts';

interface SessionJson {
  id: string;
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number | null;
  user1Id: string | null;
  user2Id: string | null;
  user1: { id: string | null; name: string; country: string | null; imageUrl: string | null };
  user2: { id: string | null; name: string; country: string | null; imageUrl: string | null };
  initiator: boolean;
  endReason: string | null;
}

describe.each(drivers)('sessions history (%s)', (driver) => {
  const ctx = useSignInApp(driver, { prefix: 'sessions' });

  async function onboarded(name: string, country = 'KR') {
    const user = await ctx.signIn();
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/profiles/me',
      headers: user.headers,
      payload: { ...VALID_PROFILE, name, country },
    });
    expect(res.statusCode).toBe(201);
    return user;
  }

  /** A finished 7-minute call started `minutesAgo` minutes before 2026-01-01T12:00Z. */
  async function insertSession(user1Id: string | null, user2Id: string | null, minutesAgo: number) {
    const startedAt = new Date(Date.parse('2026-01-01T12:00:00Z') - minutesAgo * 60_000);
    const [row] = await ctx.t.database.db
      .insert(sessions)
      .values({
        languageCode: 'en',
        user1Id,
        user2Id,
        createdAt: new Date(startedAt.getTime() - 2_000),
        startedAt,
        endedAt: new Date(startedAt.getTime() + 420_000),
        endReason: 'time_limit_reached',
      })
      .returning({ id: sessions.id });
    return row!.id;
  }

  const list = (user: SignedInUser, query = '') =>
    ctx.t.app.inject({ method: 'GET', url: `/api/v1/sessions${query}`, headers: user.headers });
  const one = (user: SignedInUser, id: string) =>
    ctx.t.app.inject({ method: 'GET', url: `/api/v1/sessions/${id}`, headers: user.headers });

  it("lists the caller's sessions newest first, in pages, with both participants", async () => {
    const alice = await onboarded('Alice', 'FR');
    const bob = await onboarded('Bob', 'BR');
    const carol = await onboarded('Carol', 'CA');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      // Alice starts the even ones; the odd ones are Bob's matches.
      ids.push(
        await insertSession(
          i % 2 === 0 ? alice.id : bob.id,
          i % 2 === 0 ? bob.id : alice.id,
          100 - i,
        ),
      );
    }
    await insertSession(bob.id, carol.id, 1);
    const newestFirst = [...ids].reverse();

    const first = await list(alice);
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ data: SessionJson[]; totalPages: number }>();
    expect(page1.totalPages).toBe(2);
    expect(page1.data.map((s) => s.id)).toEqual(newestFirst.slice(0, 10));
    const page2 = (await list(alice, '?page=2')).json<{ data: SessionJson[] }>();
    expect(page2.data.map((s) => s.id)).toEqual(newestFirst.slice(10));
    expect((await list(alice, '?page=3')).json()).toEqual({ data: [], totalPages: 2 });
    const small = (await list(alice, '?page=2&pageSize=5')).json<{
      data: SessionJson[];
      totalPages: number;
    }>();
    expect(small.totalPages).toBe(3);
    expect(small.data.map((s) => s.id)).toEqual(newestFirst.slice(5, 10));

    const newest = page1.data[0]!; // i = 11: Bob was user1
    expect(newest).toEqual({
      id: ids[11],
      startedAt: expect.any(String) as string,
      endedAt: expect.any(String) as string,
      durationSeconds: 420,
      languageCode: 'en',
      user1Id: bob.id,
      user2Id: alice.id,
      user1: { id: bob.id, name: 'Bob', country: 'BR', imageUrl: null },
      user2: { id: alice.id, name: 'Alice', country: 'FR', imageUrl: null },
      initiator: false,
      endReason: 'time_limit_reached',
    });
    expect(page1.data[1]!.initiator).toBe(true);

    for (const query of ['?page=0', '?pageSize=51', '?page=abc']) {
      expect((await list(alice, query)).statusCode, query).toBe(400);
    }
  });

  it('never shows a session to someone who was not in it', async () => {
    const a = await onboarded('Ana');
    const b = await onboarded('Ben');
    const outsider = await onboarded('Eve');
    const id = await insertSession(a.id, b.id, 5);

    expect((await one(a, id)).json()).toMatchObject({ id, initiator: true });
    expect((await one(b, id)).json()).toMatchObject({ id, initiator: false });
    const refused = await one(outsider, id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 404, message: 'Session not found' });
    expect((await list(outsider)).json()).toEqual({ data: [], totalPages: 0 });

    for (const bad of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', `${id}x`]) {
      const res = await one(a, bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Session not found' });
    }
  });

  it('shows a deleted or purged partner as Deleted User', async () => {
    const a = await onboarded('Aki', 'JP');
    const gone = await onboarded('Gone');
    const deletedId = await insertSession(gone.id, a.id, 10);
    const purgedId = await insertSession(a.id, null, 5);
    const del = await ctx.t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: gone.headers,
    });
    expect(del.statusCode).toBe(204);

    const deletedUser = { id: null, name: 'Deleted User', country: null, imageUrl: null };
    const { data } = (await list(a)).json<{ data: SessionJson[] }>();
    expect(data.map((s) => s.id)).toEqual([purgedId, deletedId]);
    expect(data[0]).toMatchObject({ user2Id: null, user2: deletedUser, initiator: true });
    expect(data[1]).toMatchObject({
      user1Id: null,
      user1: deletedUser,
      user2: { id: a.id, name: 'Aki', country: 'JP' },
      initiator: false,
    });
    expect((await one(a, deletedId)).json()).toMatchObject({ user1: deletedUser });
  });
});
