import { tokenDay } from '@parlo/contract/tokens';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { poolOf } from '../../db/driver.ts';
import { NO_ROW_ID, preparedQuery } from '../../db/prepared.ts';
import { createBatcher } from '../../lib/batcher.ts';
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
  if (prepaid && exclusive && oneTripAllowed(prepaid)) {
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

/**
 * Whether a prepaid charge may take the one trip. The one-trip charge books when both users'
 * token states are as they were decided on, and an open session is part of that state: a state
 * decided on while a user was already in a call (`parlo_token_fingerprint` ends in `|true`) would
 * match and book a second call. A find never decides on such a state (it refuses a user in a
 * call), but the charge does not rely on its callers: such a charge is decided the long way, under
 * the locks, where the open session refuses it.
 */
function oneTripAllowed(prepaid: readonly [PrepaidCharge, PrepaidCharge]): boolean {
  return prepaid.every(({ fingerprint }) => !fingerprint.endsWith('|true'));
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
  {
    warm: {
      user1Id: NO_ROW_ID,
      user2Id: NO_ROW_ID,
      languageCode: 'en',
      now: new Date(0),
      day: '1970-01-01',
      fingerprint1: '',
      fingerprint2: '',
      daily1: 0,
      bonus1: 0,
      daily2: 0,
      bonus2: 0,
    },
  },
);

type BatchKey =
  | 'user1Ids'
  | 'user2Ids'
  | 'languageCodes'
  | 'nows'
  | 'days'
  | 'fingerprints1'
  | 'fingerprints2'
  | 'dailies1'
  | 'bonuses1'
  | 'dailies2'
  | 'bonuses2';

/**
 * Many one-trip charges in one statement, so one transaction: `parlo_charge_session` for each
 * pair in turn (each call locks its pair and compares both fingerprints on a fresh snapshot, as
 * alone). `ord` numbers the pairs from 1; a pair without a row must be decided again.
 */
const batchRows = preparedQuery<
  { ord: string | number; session_id: string; session_created_at: Date | string },
  BatchKey
>(
  'parlo_charge_sessions',
  (param) => sql`select t.ord, c.session_id, c.session_created_at
    from unnest(${param('user1Ids')}::uuid[], ${param('user2Ids')}::uuid[],
        ${param('languageCodes')}::text[], ${param('nows')}::timestamptz[], ${param('days')}::date[],
        ${param('fingerprints1')}::text[], ${param('fingerprints2')}::text[],
        ${param('dailies1')}::int[], ${param('bonuses1')}::int[],
        ${param('dailies2')}::int[], ${param('bonuses2')}::int[])
      with ordinality as t(user1_id, user2_id, language_code, now, day, fingerprint1,
        fingerprint2, daily1, bonus1, daily2, bonus2, ord)
    cross join lateral parlo_charge_session(t.user1_id, t.user2_id, t.language_code, t.now,
      t.day, t.fingerprint1, t.fingerprint2, t.daily1, t.bonus1, t.daily2, t.bonus2) c`,
  {
    warm: {
      user1Ids: [],
      user2Ids: [],
      languageCodes: [],
      nows: [],
      days: [],
      fingerprints1: [],
      fingerprints2: [],
      dailies1: [],
      bonuses1: [],
      dailies2: [],
      bonuses2: [],
    },
  },
);

type PrepaidInput = ChargedSessionInput & { prepaid: readonly [PrepaidCharge, PrepaidCharge] };

/** What a pair paid, as the prepaid charge decided it. */
const chargesOf = ({ user1Id, user2Id, prepaid: [first, second] }: PrepaidInput) =>
  [
    { userId: user1Id, daily: first.daily, bonus: first.bonus },
    { userId: user2Id, daily: second.daily, bonus: second.bonus },
  ] as [SessionCharge, SessionCharge];

/** At most this many batches of charges at once: the finds need the pool's other connections. */
const CHARGE_BATCHES_IN_FLIGHT = 4;
/** Pairs per batch at most: one statement's locks and work stay short. */
const CHARGE_BATCH_SIZE = 16;

/**
 * `createChargedSession` for a server under load (issue 20): prepaid charges that arrive while
 * others are running go to PostgreSQL together, in one statement and one transaction (at most
 * CHARGE_BATCHES_IN_FLIGHT at once), instead of a round trip and a commit each. Guarantees as
 * alone: each pair locks its two rows and compares its fingerprints; a pair whose state changed
 * gets no row and is decided again in a transaction of its own, and a batch that fails (a
 * deadlock with another charge, a deleted account) is retried pair by pair. On PGlite (one
 * in-process session, no round trips) every charge runs alone.
 */
export function createSessionCharger(db: Database) {
  if (!poolOf(db)) return (input: ChargedSessionInput) => createChargedSession(db, input);

  const runBatch = async (inputs: PrepaidInput[]): Promise<(ChargedSession | undefined)[]> => {
    if (inputs.length === 1) return [await chargePrepaid(db, inputs[0]!, inputs[0]!.prepaid)];
    const column = <T>(pick: (input: PrepaidInput) => T) => inputs.map(pick);
    const rows = await batchRows(db, {
      user1Ids: column((i) => i.user1Id),
      user2Ids: column((i) => i.user2Id),
      languageCodes: column((i) => i.languageCode),
      nows: column((i) => i.now),
      days: column((i) => tokenDay(i.now)),
      fingerprints1: column((i) => i.prepaid[0].fingerprint),
      fingerprints2: column((i) => i.prepaid[1].fingerprint),
      dailies1: column((i) => i.prepaid[0].daily),
      bonuses1: column((i) => i.prepaid[0].bonus),
      dailies2: column((i) => i.prepaid[1].daily),
      bonuses2: column((i) => i.prepaid[1].bonus),
    });
    const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
    return inputs.map((input, index) => {
      const row = byOrd.get(index + 1);
      return (
        row && {
          sessionId: row.session_id,
          createdAt: new Date(row.session_created_at),
          charges: chargesOf(input),
        }
      );
    });
  };
  const batched = createBatcher<PrepaidInput, ChargedSession | undefined>({
    run: (inputs) =>
      runBatch(inputs).catch(() => {
        // One pair's failure rolled back the whole batch: each pair is decided again, alone
        // (createChargedSession's transaction then throws what concerns that pair only).
        return inputs.map(() => undefined);
      }),
    maxInFlight: CHARGE_BATCHES_IN_FLIGHT,
    maxSize: CHARGE_BATCH_SIZE,
  });

  return async (input: ChargedSessionInput): Promise<ChargedSession> => {
    if (!input.prepaid || !oneTripAllowed(input.prepaid) || input.user1Id === input.user2Id)
      return createChargedSession(db, input);
    const charged = await batched(input as PrepaidInput);
    // Decided again, under the users' locks, as createChargedSession does after a stale prepay.
    return charged ?? createChargedSession(db, { ...input, prepaid: undefined });
  };
}

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
