import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/tables/sessions.ts';

/** A session's two participants and its end: what a report or a flag about it checks. */
export interface SessionPairRow {
  id: string;
  user1Id: string | null;
  user2Id: string | null;
  endedAt: Date | null;
}

export async function findSessionPair(
  db: Database,
  sessionId: string,
): Promise<SessionPairRow | undefined> {
  const [row] = await db
    .select({
      id: sessions.id,
      user1Id: sessions.user1Id,
      user2Id: sessions.user2Id,
      endedAt: sessions.endedAt,
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}
