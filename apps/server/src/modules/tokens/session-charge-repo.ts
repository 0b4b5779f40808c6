import { and, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/tables/sessions.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  addLedger,
  addUsage,
  lockUsers,
  tokenStateLocked,
  type LedgerEntry,
} from './token-ledger-repo.ts';
import { canPayForSession, InsufficientTokensError, splitSessionCost } from './token-rules.ts';

export interface ChargedSessionInput {
  /** The initiator (sends the WebRTC offer). */
  user1Id: string;
  user2Id: string;
  languageCode: string;
  now: Date;
}

/** What one side paid: from the daily allowance, from the bonus balance (together the cost). */
export interface SessionCharge {
  userId: string;
  daily: number;
  bonus: number;
}

/** Thrown when either user already has an open session; nothing was written. */
export class UsersInSessionError extends Error {
  constructor(readonly userIds: string[]) {
    super('Already in a session');
    this.name = 'UsersInSessionError';
  }
}

export interface ChargedSession {
  sessionId: string;
  createdAt: Date;
  /** In the order user1, user2. */
  charges: [SessionCharge, SessionCharge];
}

/**
 * Creates a session and charges both users for it, in one transaction: no session without both
 * charges, no charge without the session (DESIGN "Matching"). Both users' rows are locked in id
 * order first, so concurrent charges of one user queue up and can never overdraw. Each side pays
 * the plan's session cost from today's allowance first (usages `tokens` +1, ledger pool `daily`),
 * otherwise from the bonus balance (ledger pool `bonus`), and uses one `session_limit`.
 *
 * @throws InsufficientTokensError (403, code 1002, 'No tokens left today') naming in `userIds`
 *   the side(s) that cannot pay or reached the daily session limit; nothing is written then.
 * @throws UsersInSessionError when either user already has an open session. The check runs after
 *   the row locks, so concurrent creations for one user serialise and never double-book.
 * @throws NotFoundError when either account does not exist or was deleted.
 */
export async function createChargedSession(
  db: Database,
  { user1Id, user2Id, languageCode, now }: ChargedSessionInput,
  /** `exclusive: false` skips the open-session check (token accounting tests only). */
  { exclusive = true }: { exclusive?: boolean } = {},
): Promise<ChargedSession> {
  if (user1Id === user2Id) throw new Error('a session needs two different users');
  return db.transaction(async (tx) => {
    const live = await lockUsers(tx, [user1Id, user2Id]);
    if (live.length !== 2) throw new NotFoundError('User not found');
    const open = !exclusive
      ? []
      : await tx
          .select({ user1Id: sessions.user1Id, user2Id: sessions.user2Id })
          .from(sessions)
          .where(
            and(
              isNull(sessions.endedAt),
              or(
                inArray(sessions.user1Id, [user1Id, user2Id]),
                inArray(sessions.user2Id, [user1Id, user2Id]),
              ),
            ),
          );
    const busy = [user1Id, user2Id].filter((id) =>
      open.some((row) => row.user1Id === id || row.user2Id === id),
    );
    if (busy.length > 0) throw new UsersInSessionError(busy);
    const states = [
      await tokenStateLocked(tx, user1Id, now),
      await tokenStateLocked(tx, user2Id, now),
    ] as const;
    const short = [user1Id, user2Id].filter((_, i) => !canPayForSession(states[i]!));
    if (short.length > 0) throw new InsufficientTokensError(short);

    const [session] = await tx
      .insert(sessions)
      .values({ languageCode, user1Id, user2Id, createdAt: now })
      .returning({ id: sessions.id, createdAt: sessions.createdAt });
    if (!session) throw new Error('insert returned no row');

    const charges = [user1Id, user2Id].map((userId, i) => ({
      userId,
      ...splitSessionCost(states[i]!),
    })) as [SessionCharge, SessionCharge];
    for (const { userId, daily, bonus } of charges) {
      const entries: LedgerEntry[] = [];
      const base = { userId, reason: 'session', sessionId: session.id } as const;
      if (daily > 0) entries.push({ ...base, pool: 'daily', delta: -daily });
      if (bonus > 0) entries.push({ ...base, pool: 'bonus', delta: -bonus });
      await addLedger(tx, entries, now);
      if (daily > 0) await addUsage(tx, userId, 'tokens', now, daily);
      await addUsage(tx, userId, 'session_limit', now);
    }
    return { sessionId: session.id, createdAt: session.createdAt, charges };
  });
}
