import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountWarningListSchema } from '@parlo/contract/warnings';
import { moderationActions } from '../src/db/tables/moderation.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { setRole } from './helpers/moderation.ts';
import { drivers } from './helpers/test-app.ts';

/** A moderator's warning reaches the warned user, and only them, until they acknowledge it. */
describe.each(drivers)('warnings seen by the warned user (%s)', (driver) => {
  const ctx = useClockedApp(driver);

  async function moderator() {
    const { id } = await ctx.account();
    await setRole(ctx.db, id, 'moderator');
    return id;
  }

  async function act(mod: string, target: string, body: object) {
    const res = await ctx.call(mod, 'POST', `/moderation/users/${target}/actions`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  async function warningsOf(userId: string) {
    const res = await ctx.call(userId, 'GET', '/users/me/warnings');
    expect(res.statusCode, res.body).toBe(200);
    return accountWarningListSchema.parse(res.json()).data;
  }

  const acknowledge = (userId: string, id: string) =>
    ctx.call(userId, 'POST', `/users/me/warnings/${id}/acknowledge`);

  it('lists the warnings oldest first with the note and time, and nothing else', async () => {
    const mod = await moderator();
    const { id: user } = await ctx.account();
    expect(await warningsOf(user)).toEqual([]);

    const firstAt = ctx.clock.now().toISOString();
    const first = await act(mod, user, { action: 'warn', reason: 'Please keep it friendly.' });
    ctx.clock.advance(60_000);
    // Actions that are not warnings never show: a block lifted and a note on another user.
    await act(mod, user, { action: 'temporary_block', durationHours: 1, reason: 'cool off' });
    await act(mod, user, { action: 'unblock', reason: 'early' });
    const other = await ctx.account();
    await act(mod, other.id, { action: 'warn', reason: 'Not for the first user.' });
    ctx.clock.advance(60_000);
    const second = await act(mod, user, { action: 'warn', reason: 'Second time:\nno spam.' });

    expect(await warningsOf(user)).toEqual([
      { id: first, reason: 'Please keep it friendly.', issuedAt: firstAt },
      { id: second, reason: 'Second time:\nno spam.', issuedAt: ctx.clock.now().toISOString() },
    ]);
    expect((await warningsOf(other.id)).map((w) => w.reason)).toEqual(['Not for the first user.']);
  });

  it('drops a warning once acknowledged, keeping the first acknowledgement time', async () => {
    const mod = await moderator();
    const { id: user } = await ctx.account();
    const first = await act(mod, user, { action: 'warn', reason: 'One' });
    const second = await act(mod, user, { action: 'warn', reason: 'Two' });

    const res = await acknowledge(user, first);
    expect(res.statusCode, res.body).toBe(204);
    expect((await warningsOf(user)).map((w) => w.id)).toEqual([second]);
    const [row] = await ctx.db
      .select({ acknowledgedAt: moderationActions.acknowledgedAt })
      .from(moderationActions)
      .where(eq(moderationActions.id, first));
    expect(row!.acknowledgedAt?.toISOString()).toBe(ctx.clock.now().toISOString());
    // The moderator's history of the user says which warning was read, and when.
    const history = await ctx.call(mod, 'GET', `/moderation/users/${user}`);
    const actions = history.json<{ actions: { id: string; acknowledgedAt: string | null }[] }>()
      .actions;
    expect(actions.find((a) => a.id === first)?.acknowledgedAt).toBe(ctx.clock.now().toISOString());
    expect(actions.find((a) => a.id === second)?.acknowledgedAt).toBeNull();

    // Again (a double click, a retry): still 204, the first time kept.
    ctx.clock.advance(5_000);
    expect((await acknowledge(user, first)).statusCode).toBe(204);
    const [again] = await ctx.db
      .select({ acknowledgedAt: moderationActions.acknowledgedAt })
      .from(moderationActions)
      .where(eq(moderationActions.id, first));
    expect(again!.acknowledgedAt).toEqual(row!.acknowledgedAt);
  });

  it("answers 404 for someone else's warning, another action or a malformed id, changing nothing", async () => {
    const mod = await moderator();
    const { id: user } = await ctx.account();
    const { id: stranger } = await ctx.account();
    const warning = await act(mod, user, { action: 'warn', reason: 'Mind your words.' });
    const block = await act(mod, stranger, { action: 'temporary_block', durationHours: 1 });
    await act(mod, stranger, { action: 'unblock' });

    for (const [who, id] of [
      [stranger, warning],
      [stranger, block],
      [user, block],
      [user, '00000000-0000-4000-8000-000000000000'],
      [user, 'not-a-uuid'],
      [user, "x' or 1=1 --"],
    ] as const) {
      const res = await acknowledge(who, encodeURIComponent(id));
      expect(res.statusCode, `${who} ${id}`).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Warning not found' });
    }
    expect((await warningsOf(user)).map((w) => w.id)).toEqual([warning]);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/warnings',
      headers: { 'x-api-key': ctx.t.config.API_KEY },
    });
    expect(res.statusCode).toBe(401);
  });
});
