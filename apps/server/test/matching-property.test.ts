import fc from 'fast-check';
import { isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/tables/sessions.ts';
import { tokenLedger } from '../src/db/tables/tokens.ts';
import { eventually, sleep, useLiveApp, type TestSocket } from './helpers/live-app.ts';
import { drivers } from './helpers/test-app.ts';

const USERS = 10;
const OPS = 200;
/** `start` is the other way sessions are made (an accepted continue offer), racing the queue. */
const OP_KINDS = ['find', 'find', 'cancel', 'disconnect', 'reconnect', 'end', 'start'] as const;

describe.each(drivers)('matching and offers under concurrency (%s)', (driver) => {
  const ctx = useLiveApp(driver);

  it('never books a user twice and charges both sides of every session', async () => {
    const ids: string[] = [];
    for (let i = 0; i < USERS; i++) ids.push(await ctx.account({ premium: true, level: 'B1' }));
    const sockets = new Map<string, TestSocket>();
    const connecting = new Map<string, Promise<void>>();

    function reconnect(userId: string): Promise<void> {
      const current = sockets.get(userId);
      if (current && current.ws.readyState === current.ws.OPEN) return Promise.resolve();
      const pending = connecting.get(userId);
      if (pending) return pending;
      const work = (async () => {
        await eventually(async () => !(await ctx.app.live.broker.isOnline(userId)));
        sockets.set(userId, await ctx.connect(userId));
      })().finally(() => connecting.delete(userId));
      connecting.set(userId, work);
      return work;
    }

    async function run(kind: (typeof OP_KINDS)[number], userId: string) {
      const socket = sockets.get(userId);
      switch (kind) {
        case 'find':
          await ctx.find(userId);
          return;
        case 'cancel':
          await ctx.call(userId, 'POST', '/match/cancel');
          return;
        case 'disconnect':
          socket?.ws.terminate();
          return;
        case 'reconnect':
          await reconnect(userId);
          return;
        case 'start': {
          const partner = ids[(ids.indexOf(userId) + 1) % USERS]!;
          await ctx.app.live.lifecycle
            .start({ user1Id: userId, user2Id: partner, languageCode: 'en' })
            .catch(() => undefined);
          return;
        }
        case 'end':
          if (socket?.ws.readyState === socket?.ws.OPEN) {
            socket?.send({ type: 'end_session', payload: { reason: 'user_ended' } });
          }
          return;
      }
    }

    async function reset() {
      await Promise.all(ids.map((id) => ctx.app.live.matching.cancel(id)));
      const open = await ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(isNull(sessions.endedAt));
      for (const { id } of open) await ctx.app.live.lifecycle.end(id, 'system_ended', null);
      await Promise.all(ids.map(reconnect));
    }

    async function assertInvariants() {
      await ctx.app.live.matching.sweep();
      await sleep(100);
      await ctx.app.live.matching.sweep();
      const open = await ctx.db
        .select({ user1Id: sessions.user1Id, user2Id: sessions.user2Id })
        .from(sessions)
        .where(isNull(sessions.endedAt));
      const busy = open.flatMap((s) => [s.user1Id, s.user2Id]);
      expect(new Set(busy).size).toBe(busy.length);
      const charged = await ctx.db
        .select({
          sessionId: sessions.id,
          user1Id: sessions.user1Id,
          user2Id: sessions.user2Id,
          payers: sql<
            string[]
          >`array_remove(array_agg(distinct ${tokenLedger.userId}::text), null)`,
          entries: sql<number>`count(${tokenLedger.id})::int`,
        })
        .from(sessions)
        .leftJoin(
          tokenLedger,
          sql`${tokenLedger.sessionId} = ${sessions.id} and ${tokenLedger.reason} = 'session'`,
        )
        .groupBy(sessions.id);
      for (const row of charged) {
        expect(row.entries).toBe(2);
        expect([...row.payers].sort()).toEqual([row.user1Id, row.user2Id].sort());
      }
      return charged.length;
    }

    await reset();
    let created = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: fc.constantFrom(...OP_KINDS), user: fc.nat(USERS - 1) }), {
          minLength: OPS,
          maxLength: OPS,
        }),
        fc.integer({ min: 5, max: 40 }),
        async (ops, batch) => {
          for (let i = 0; i < ops.length; i += batch) {
            await Promise.all(ops.slice(i, i + batch).map((op) => run(op.kind, ids[op.user]!)));
          }
          created = await assertInvariants();
          await reset();
        },
      ),
      { numRuns: 4 },
    );
    // The interleavings did make sessions: the invariants were checked on real pairings.
    expect(created).toBeGreaterThan(4);
  }, 120_000);
});
