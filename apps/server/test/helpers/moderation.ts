import { count, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { moderationActions, reports } from '../../src/db/tables/moderation.ts';
import { sessions } from '../../src/db/tables/sessions.ts';
import { users } from '../../src/db/tables/users.ts';

/** A call between the two that already ended, written straight to the table. */
export async function pastSession(db: Database, user1Id: string, user2Id: string, now: Date) {
  const [row] = await db
    .insert(sessions)
    .values({
      user1Id,
      user2Id,
      languageCode: 'en',
      createdAt: new Date(now.getTime() - 300_000),
      startedAt: new Date(now.getTime() - 290_000),
      endedAt: now,
      endReason: 'user_ended',
    })
    .returning({ id: sessions.id });
  return row!.id;
}

export async function setRole(db: Database, userId: string, role: 'user' | 'moderator' | 'admin') {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** Everything moderation writes, for asserting that a refusal wrote nothing. */
export async function moderationWrites(db: Database) {
  const [actions] = await db.select({ n: count() }).from(moderationActions);
  const reportRows = await db
    .select({ id: reports.id, status: reports.status, reviewedAt: reports.reviewedAt })
    .from(reports)
    .orderBy(reports.id);
  const userRows = await db
    .select({
      id: users.id,
      status: users.status,
      role: users.role,
      blockedUntil: users.blockedUntil,
      escalatedAt: users.escalatedAt,
    })
    .from(users)
    .orderBy(users.id);
  return { actions: actions!.n, reports: reportRows, users: userRows };
}

export const userRow = async (db: Database, userId: string) =>
  (await db.select().from(users).where(eq(users.id, userId)))[0]!;
