import { tokenDay } from '@parlo/contract/tokens';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { PrepaidCharge } from '../../broker/broker.ts';
import { activeSubscriptionLocked } from './token-ledger-repo.ts';
import { canPayForSession, InsufficientTokensError, splitSessionCost } from './token-rules.ts';
import {
  activeSubscriptionJoin,
  readTokenState,
  rowsOf,
  tokenStateColumns,
  type ReadTokenState,
  type TokenStateRow,
} from './token-state-query.ts';

export interface ChargedSessionInput {
  /** The initiator (sends the WebRTC offer). */
  user1Id: string;
  user2Id: string;
  languageCode: string;
  now: Date;
  /**
   * What each side pays (user1, user2) as decided from the token state it was decided on: the
   * charge is then one call of `parlo_charge_session`, which writes only if both states are
   * unchanged; otherwise it is decided again inside a transaction.
   */
  prepaid?: readonly [PrepaidCharge, PrepaidCharge] | undefined;
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
  { user1Id, user2Id, languageCode, now, prepaid }: ChargedSessionInput,
  /** `exclusive: false` skips the open-session check (token accounting tests only). */
  { exclusive = true }: { exclusive?: boolean } = {},
): Promise<ChargedSession> {
  if (user1Id === user2Id) throw new Error('a session needs two different users');
  const userIds = [user1Id, user2Id] as const;
  if (prepaid && exclusive) {
    const charged = await chargePrepaid(db, { user1Id, user2Id, languageCode, now }, prepaid);
    if (charged) return charged;
  }
  return db.transaction(async (tx) => {
    // Both rows locked in id order, in a statement of its own: what follows must read with a
    // snapshot taken after the lock, so it sees every charge committed by its previous holder.
    // synchronous_commit off for this transaction only: a PostgreSQL crash may lose the last
    // instant of matches, each session with its charges and never one without the other, and
    // every match is ~1.5 ms faster for not waiting on the WAL flush (docs/decisions.md).
    const live = await rowsOf<{ id: string }>(
      tx,
      sql`select u.id, set_config('synchronous_commit', 'off', true)
        from users u
        where u.id in (${user1Id}, ${user2Id}) and u.deleted_at is null
        order by u.id
        for update of u`,
    );
    if (live.length !== 2) throw new NotFoundError('User not found');
    const read = await readLockedStates(tx, userIds, now);

    const busy = userIds.filter((_, i) => read[i]!.inSession);
    if (exclusive && busy.length > 0) throw new UsersInSessionError(busy);
    const states = read.map((entry) => entry.state);
    const short = userIds.filter((_, i) => !canPayForSession(states[i]!));
    if (short.length > 0) throw new InsufficientTokensError(short);

    const charges = userIds.map((userId, i) => ({
      userId,
      ...splitSessionCost(states[i]!),
    })) as [SessionCharge, SessionCharge];
    const [session] = await rowsOf<{ id: string; created_at: Date | string }>(
      tx,
      insertChargedSession({ user1Id, user2Id, languageCode, now }, charges),
    );
    if (!session) throw new Error('insert returned no row');
    return { sessionId: session.id, createdAt: new Date(session.created_at), charges };
  });
}

type ChargeKey =
  | 'user1Id'
  | 'user2Id'
  | 'languageCode'
  | 'now'
  | 'day'
  | 'fingerprint1'
  | 'fingerprint2'
  | 'daily1'
  | 'bonus1'
  | 'daily2'
  | 'bonus2';

const chargeRows = preparedQuery<
  { session_id: string; session_created_at: Date | string },
  ChargeKey
>(
  'parlo_charge_session',
  (param) => sql`select session_id, session_created_at from parlo_charge_session(
    ${param('user1Id')}::uuid, ${param('user2Id')}::uuid, ${param('languageCode')},
    ${param('now')}::timestamptz, ${param('day')}::date,
    ${param('fingerprint1')}, ${param('fingerprint2')},
    ${param('daily1')}::int, ${param('bonus1')}::int, ${param('daily2')}::int, ${param('bonus2')}::int)`,
);

/** The one-trip charge; undefined when either state changed since it was decided on. */
async function chargePrepaid(
  db: Database,
  { user1Id, user2Id, languageCode, now }: ChargedSessionInput,
  [first, second]: readonly [PrepaidCharge, PrepaidCharge],
): Promise<ChargedSession | undefined> {
  const [row] = await chargeRows(db, {
    user1Id,
    user2Id,
    languageCode,
    now,
    day: tokenDay(now),
    fingerprint1: first.fingerprint,
    fingerprint2: second.fingerprint,
    daily1: first.daily,
    bonus1: first.bonus,
    daily2: second.daily,
    bonus2: second.bonus,
  });
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    createdAt: new Date(row.session_created_at),
    charges: [
      { userId: user1Id, daily: first.daily, bonus: first.bonus },
      { userId: user2Id, daily: second.daily, bonus: second.bonus },
    ],
  };
}

/**
 * Both users' token states and open-session flags in one query (the caller holds their locks).
 * A plan that has lapsed is replaced by the free plan first, then read again: the rare path.
 */
async function readLockedStates(
  tx: Database,
  userIds: readonly [string, string],
  now: Date,
): Promise<[ReadTokenState, ReadTokenState]> {
  const query = () =>
    rowsOf<TokenStateRow & { user_id: string }>(
      tx,
      sql`select u.id as user_id, ${tokenStateColumns(sql`u.id`, tokenDay(now))}
        from users u ${activeSubscriptionJoin(sql`u.id`)}
        where u.id in (${userIds[0]}, ${userIds[1]})`,
    );
  let rows = await query();
  const lapsed = rows.filter((row) => readTokenState(row, now).lapsed);
  if (lapsed.length > 0) {
    for (const row of lapsed) await activeSubscriptionLocked(tx, row.user_id, now);
    rows = await query();
  }
  const byUser = (userId: string) => {
    const row = rows.find((candidate) => candidate.user_id === userId);
    if (!row) throw new NotFoundError('User not found');
    return readTokenState(row, now);
  };
  return [byUser(userIds[0]), byUser(userIds[1])];
}

/** The session, both sides' ledger rows and usage counts, as one statement. */
function insertChargedSession(
  { user1Id, user2Id, languageCode, now }: ChargedSessionInput,
  charges: readonly SessionCharge[],
): SQL {
  const day = tokenDay(now);
  const ledger: SQL[] = [];
  const usage: SQL[] = [];
  for (const { userId, daily, bonus } of charges) {
    if (daily > 0) ledger.push(sql`(${userId}::uuid, ${-daily}::int, 'daily')`);
    if (bonus > 0) ledger.push(sql`(${userId}::uuid, ${-bonus}::int, 'bonus')`);
    if (daily > 0) usage.push(sql`(${userId}::uuid, 'tokens', ${day}::date, ${daily}::int)`);
    usage.push(sql`(${userId}::uuid, 'session_limit', ${day}::date, 1)`);
  }
  const ledgerInsert =
    ledger.length === 0
      ? sql``
      : sql`, charged as (
          insert into token_ledger (user_id, delta, pool, reason, session_id, created_at)
          select v.user_id, v.delta, v.pool, 'session', created.id, ${now}
          from created, (values ${sql.join(ledger, sql`, `)}) as v(user_id, delta, pool)
        )`;
  return sql`with created as (
      insert into sessions (language_code, user1_id, user2_id, created_at)
      values (${languageCode}, ${user1Id}, ${user2Id}, ${now})
      returning id, created_at
    )${ledgerInsert}, counted as (
      insert into usages (user_id, feature_code, day, count)
      values ${sql.join(usage, sql`, `)}
      on conflict (user_id, feature_code, day) do update set count = usages.count + excluded.count
    )
    select id, created_at from created`;
}
