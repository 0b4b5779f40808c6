import type { ConnectionType, ProficiencyLevel, SessionEndReason } from '@parlo/contract/constants';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { poolOf } from '../../db/driver.ts';
import { isRefusedRow } from '../../db/errors.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { NO_ROW_ID, preparedQuery } from '../../db/prepared.ts';
import { sessions, type SessionQualitySummary } from '../../db/tables/sessions.ts';
import { profiles, userLanguages, users } from '../../db/tables/users.ts';
import { isRefundable, refundSessionCharges } from '../tokens/session-refund-repo.ts';

export interface OpenSessionRow {
  id: string;
  user1Id: string | null;
  user2Id: string | null;
  languageCode: string;
  createdAt: Date;
}

export interface LastSessionRow extends OpenSessionRow {
  endedAt: Date | null;
  endReason: SessionEndReason | null;
}

export interface PeerProfileRow {
  userId: string;
  name: string;
  country: string;
  imageUrl: string | null;
  level: ProficiencyLevel | null;
}

/** The sessions of calls in progress: what the lifecycle writes while a call runs. */
export interface LiveSessionsRepo {
  /** Sessions not ended yet, oldest first. */
  listOpen(): Promise<OpenSessionRow[]>;
  /** The user's call in progress, if any (read on every socket connection). */
  findOpenForUser(userId: string): Promise<OpenSessionRow | undefined>;
  /** The user's most recent session, ended or not. */
  findLastForUser(userId: string): Promise<LastSessionRow | undefined>;
  /**
   * Ends the session unless it already ended; its participants when this call ended it, and
   * whether their tokens came back (a failed call, written in the same transaction).
   */
  end(
    sessionId: string,
    reason: SessionEndReason,
    endedBy: string | null,
    now: Date,
  ): Promise<EndedSession | null>;
  /** Closes every session opened before `before` (left behind by a stopped process). */
  /** Ends every open session made before `before`; answers them with their participants. */
  endOpenedBefore(before: Date, reason: SessionEndReason, now: Date): Promise<EndedSessionRow[]>;
  markStarted(sessionId: string, now: Date): Promise<void>;
  saveQuality(sessionId: string, quality: SessionQualitySummary): Promise<void>;
  /** False when the user did not take part in the session. */
  setConnectionType(sessionId: string, userId: string, type: ConnectionType): Promise<boolean>;
  peerProfiles(userIds: string[], languageCode: string): Promise<PeerProfileRow[]>;
}

export interface EndedSession {
  participants: string[];
  refunded: boolean;
}

export interface EndedSessionRow {
  id: string;
  user1Id: string | null;
  user2Id: string | null;
}

const openColumns = {
  id: sessions.id,
  user1Id: sessions.user1Id,
  user2Id: sessions.user2Id,
  languageCode: sessions.languageCode,
  createdAt: sessions.createdAt,
};

/**
 * The user's open call, read on every socket connection (a reconnect storm after a deploy reads
 * it for every user at once): a prepared statement, one probe per side of the pair (with
 * `user1_id = $1 or user2_id = $1` PostgreSQL scans every open call; inOpenSession in
 * token-state-query.ts). Built with drizzle on every call, this read and the pending offers'
 * (offers-repo.ts) allocated about 100 KB per connection; prepared, a connection costs the server
 * 610-830 µs of CPU instead of 1,040-1,110 and PostgreSQL 280-430 instead of 720-730
 * (bench/socket-connect.mjs, warm rounds).
 */
const openSessionOf = preparedQuery<
  {
    id: string;
    user1_id: string | null;
    user2_id: string | null;
    language_code: string;
    created_at: Date | string;
  },
  'userId'
>(
  'parlo_open_session_of',
  (param) => sql`select * from (
      (select id, user1_id, user2_id, language_code, created_at from sessions
        where ended_at is null and user1_id = ${param('userId')}::uuid)
      union all
      (select id, user1_id, user2_id, language_code, created_at from sessions
        where ended_at is null and user2_id = ${param('userId')}::uuid)
    ) open order by created_at desc limit 1`,
  { warm: { userId: NO_ROW_ID } },
);

type EndInput = { sessionId: string; reason: SessionEndReason; endedBy: string | null; now: Date };

/**
 * Ends sessions still open, many in one statement: `ord` numbers the inputs from 1, and a session
 * ended already (or named twice in one batch: one input wins) answers no row for its input.
 */
const endRows = preparedQuery<
  {
    ord: string | number;
    user1_id: string | null;
    user2_id: string | null;
    created_at: Date | string;
    started_at: Date | string | null;
  },
  'ids' | 'reasons' | 'endedBys' | 'nows'
>(
  'parlo_end_sessions',
  (param) => sql`update sessions s
      set ended_at = t.ended_at, end_reason = t.end_reason, ended_by = t.ended_by
    from unnest(${param('ids')}::uuid[], ${param('reasons')}::text[], ${param('endedBys')}::uuid[],
        ${param('nows')}::timestamptz[]) with ordinality as t(id, end_reason, ended_by, ended_at, ord)
    where s.id = t.id and s.ended_at is null
    returning t.ord, s.user1_id, s.user2_id, s.created_at, s.started_at`,
  { warm: { ids: [], reasons: [], endedBys: [], nows: [] } },
);

/** The moment both sides' media flowed, for calls not marked yet (the first mark stays). */
const startedRows = preparedQuery<never, 'ids' | 'nows'>(
  'parlo_mark_sessions_started',
  (param) => sql`update sessions s set started_at = t.started_at
    from unnest(${param('ids')}::uuid[], ${param('nows')}::timestamptz[]) as t(id, started_at)
    where s.id = t.id and s.started_at is null`,
  { warm: { ids: [], nows: [] } },
);

/** Each call's latest connection-quality report (one per call in a batch: the caller's last). */
const qualityRows = preparedQuery<never, 'ids' | 'qualities'>(
  'parlo_save_session_qualities',
  (param) => sql`update sessions s set quality = t.quality::jsonb
    from unnest(${param('ids')}::uuid[], ${param('qualities')}::text[]) as t(id, quality)
    where s.id = t.id`,
  { warm: { ids: [], qualities: [] } },
);

/** Writes of one kind in one statement at most. */
const WRITE_BATCH_SIZE = 64;
/** Batches of one kind at once at most: the pool's other connections serve finds and reads. */
const WRITE_BATCHES_IN_FLIGHT = 2;

/**
 * A write that crowds of calls make at the same moment (they end together, connect together
 * after a burst of matches, report their quality every ten seconds), batched on a pool
 * (lib/batcher.ts): the writes that arrive while others run go in one statement and one commit,
 * `writeAll` answering one result per input, in order. Each was a transaction of its own: when
 * 2,500 calls ended at once, 1,250 ends queued for an instance's ten connections and those that
 * waited past the pool's 3 s were refused as "unavailable" (decisions: "Calls that end together
 * are written together"). A batch refused for one input's row (an ender deleted in the instant,
 * whom `ended_by`'s key no longer finds) is written again input by input, so the error stays with
 * the input it concerns; any other failure fails the batch's inputs alike.
 * On PGlite, one in-process session, each input is written alone.
 */
function batchedWrite<In, Out>(db: Database, writeAll: (inputs: In[]) => Promise<Out[]>) {
  const writeAlone = async (input: In) => (await writeAll([input]))[0]!;
  if (!poolOf(db)) return writeAlone;
  type Answer = PromiseSettledResult<Out>;
  const settle = (writing: Promise<Out>): Promise<Answer> =>
    writing.then(
      (value) => ({ status: 'fulfilled', value }),
      (reason: unknown) => ({ status: 'rejected', reason }),
    );
  const batched = createBatcher<In, Answer>({
    run: async (inputs) => {
      try {
        const written = await writeAll(inputs);
        return written.map((value) => ({ status: 'fulfilled', value }));
      } catch (error) {
        // Written again one by one only when a row was refused: after a timeout or with
        // PostgreSQL gone, each input would fail the same way and only add to the load.
        if (inputs.length === 1 || !isRefusedRow(error)) {
          return inputs.map(() => ({ status: 'rejected', reason: error }));
        }
        return Promise.all(inputs.map((input) => settle(writeAlone(input))));
      }
    },
    maxInFlight: WRITE_BATCHES_IN_FLIGHT,
    maxSize: WRITE_BATCH_SIZE,
  });
  return async (input: In): Promise<Out> => {
    const answer = await batched(input);
    if (answer.status === 'rejected') throw answer.reason;
    return answer.value;
  };
}

/** What an end is answered: the participants, or null when the call had ended already. */
type EndAnswer = EndedSession | null;

/**
 * Inputs in the order of their session ids (stable: of two for one call, the earlier first). Every
 * batch that updates calls' rows names them in this order, so two batches at once (ends, marks,
 * reports, from this instance or another) take the rows' locks in the same order and never wait
 * on each other in a circle.
 */
function inSessionOrder<T extends { sessionId: string }>(inputs: readonly T[]): T[] {
  return [...inputs].sort((a, b) =>
    a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0,
  );
}

/** The ends of a batch, in one statement, each answered its row if it ended the call. */
async function endAll(db: Database, inputs: EndInput[]) {
  const ordered = inSessionOrder(inputs);
  const rows = await endRows(db, {
    ids: ordered.map((input) => input.sessionId),
    reasons: ordered.map((input) => input.reason),
    endedBys: ordered.map((input) => input.endedBy),
    nows: ordered.map((input) => input.now),
  });
  const byInput = new Map(rows.map((row) => [ordered[Number(row.ord) - 1]!, row]));
  return inputs.map((input) => byInput.get(input));
}

const participantsOf = (row: { user1_id: string | null; user2_id: string | null }) =>
  [row.user1_id, row.user2_id].filter((id): id is string => id !== null);

/** Ends without a refund; each answered its participants only if it ended the call. */
function createEnder(db: Database) {
  return batchedWrite(db, async (inputs: EndInput[]): Promise<EndAnswer[]> => {
    const rows = await endAll(db, inputs);
    return rows.map((row) => (row ? { participants: participantsOf(row), refunded: false } : null));
  });
}

/**
 * Locks the users of those of `sessionIds` still open, in id order, as every token change takes
 * them: the first statement of a batch of failed calls' ends.
 */
const lockedParticipants = preparedQuery<never, 'sessionIds'>(
  'parlo_lock_open_session_users',
  (param) => sql`select u.id from users u
    where u.id in (select p.user_id from sessions s
        cross join lateral (values (s.user1_id), (s.user2_id)) as p(user_id)
        where s.id = any(${param('sessionIds')}::uuid[]) and s.ended_at is null)
    order by u.id for update of u`,
  { warm: { sessionIds: [] } },
);

/**
 * Ends of calls that failed on the network (`connection_issue`), with the refunds they may owe,
 * many in one transaction: when a network drops, the grace periods of all its calls run out at
 * the same moment. One transaction each took five round trips and 1.4 ms of the server's CPU per
 * end, and of 2,000 ends at once on a pool of 10 about one in ten was refused after waiting the
 * pool's 3 s (bench/session-writes.mjs). A batch is four prepared statements at most: the lock,
 * the ends, the refunds' ledger rows and their usage.
 * The users' rows are locked first, as every token change takes them (then the sessions'): a
 * refund waits for a charge of the same user in flight, and the lock order never inverts. They
 * are read from the sessions still open; a session that another end closes meanwhile is answered
 * null by the conditional update, and its users were locked for nothing.
 */
function createFailedCallEnder(db: Database) {
  return batchedWrite(db, (inputs: EndInput[]) =>
    db.transaction(async (tx): Promise<EndAnswer[]> => {
      await lockedParticipants(tx, {
        sessionIds: [...new Set(inputs.map((input) => input.sessionId))],
      });
      const rows = await endAll(tx, inputs);
      const facts = rows.flatMap((row, index) => {
        if (!row) return [];
        const ended = {
          sessionId: inputs[index]!.sessionId,
          participants: participantsOf(row),
          createdAt: new Date(row.created_at),
          startedAt: row.started_at === null ? null : new Date(row.started_at),
          endedAt: inputs[index]!.now,
        };
        return isRefundable(ended) ? [ended] : [];
      });
      const refunded = await refundSessionCharges(tx, facts);
      return rows.map((row, index) =>
        row
          ? { participants: participantsOf(row), refunded: refunded.has(inputs[index]!.sessionId) }
          : null,
      );
    }),
  );
}

/** One input for each session id of a batch: its first, or its last. */
function onePerSession<T extends { sessionId: string }>(inputs: T[], keep: 'first' | 'last'): T[] {
  const kept = new Map<string, T>();
  for (const input of inputs) {
    if (keep === 'last' || !kept.has(input.sessionId)) kept.set(input.sessionId, input);
  }
  return [...kept.values()];
}

export function createLiveSessionsRepo(db: Database): LiveSessionsRepo {
  const endOne = createEnder(db);
  const endFailedCall = createFailedCallEnder(db);
  const markStarted = batchedWrite(db, async (inputs: { sessionId: string; now: Date }[]) => {
    // Two marks of one call in a batch: the first stays, as it would alone.
    const marks = inSessionOrder(onePerSession(inputs, 'first'));
    await startedRows(db, {
      ids: marks.map((mark) => mark.sessionId),
      nows: marks.map((mark) => mark.now),
    });
    return inputs.map(() => undefined);
  });
  const saveQuality = batchedWrite(
    db,
    async (inputs: { sessionId: string; quality: SessionQualitySummary }[]) => {
      // Two reports of one call in a batch: the later one is the call's latest, as alone.
      const latest = inSessionOrder(onePerSession(inputs, 'last'));
      await qualityRows(db, {
        ids: latest.map((report) => report.sessionId),
        qualities: latest.map((report) => JSON.stringify(report.quality)),
      });
      return inputs.map(() => undefined);
    },
  );
  return {
    listOpen() {
      return db
        .select(openColumns)
        .from(sessions)
        .where(isNull(sessions.endedAt))
        .orderBy(sessions.createdAt);
    },
    async findOpenForUser(userId) {
      const [row] = await openSessionOf(db, { userId });
      return (
        row && {
          id: row.id,
          user1Id: row.user1_id,
          user2Id: row.user2_id,
          languageCode: row.language_code,
          createdAt: new Date(row.created_at),
        }
      );
    },
    async findLastForUser(userId) {
      // The newer of each side's newest session, each read from its (user, created_at) index:
      // with `user1_id = $1 or user2_id = $1` every session the user ever had was read and sorted.
      const side = (column: typeof sessions.user1Id | typeof sessions.user2Id) =>
        db
          .select({ ...openColumns, endedAt: sessions.endedAt, endReason: sessions.endReason })
          .from(sessions)
          .where(eq(column, userId))
          .orderBy(desc(sessions.createdAt), desc(sessions.id))
          .limit(1);
      const rows = await side(sessions.user1Id).unionAll(side(sessions.user2Id));
      const newerFirst = (a: LastSessionRow, b: LastSessionRow) =>
        b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
      return rows.sort(newerFirst)[0];
    },
    end(sessionId, reason, endedBy, now) {
      // A failed call may owe both sides their tokens back: ended under the users' locks.
      const ender = reason === 'connection_issue' ? endFailedCall : endOne;
      return ender({ sessionId, reason, endedBy, now });
    },
    async endOpenedBefore(before, reason, now) {
      const rows = await db
        .update(sessions)
        .set({ endedAt: now, endReason: reason })
        .where(and(isNull(sessions.endedAt), lt(sessions.createdAt, before)))
        .returning({ id: sessions.id, user1Id: sessions.user1Id, user2Id: sessions.user2Id });
      return rows;
    },
    markStarted: (sessionId, now) => markStarted({ sessionId, now }),
    saveQuality: (sessionId, quality) => saveQuality({ sessionId, quality }),
    async setConnectionType(sessionId, userId, type) {
      const rows = await db
        .update(sessions)
        .set({ connectionType: type })
        .where(
          and(
            eq(sessions.id, sessionId),
            or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId)),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    async peerProfiles(userIds, languageCode) {
      return db
        .select({
          userId: profiles.userId,
          name: profiles.name,
          country: profiles.country,
          imageUrl: sql<string | null>`coalesce(${profiles.imageUrl}, ${users.imageUrl})`,
          level: userLanguages.proficiencyLevel,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .leftJoin(
          userLanguages,
          and(
            eq(userLanguages.userId, profiles.userId),
            eq(userLanguages.languageCode, languageCode),
          ),
        )
        .where(inArray(profiles.userId, userIds));
    },
  };
}
