import type { ConnectionType, ProficiencyLevel, SessionEndReason } from '@parlo/contract/constants';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { sessions, type SessionQualitySummary } from '../../db/tables/sessions.ts';
import { profiles, userLanguages, users } from '../../db/tables/users.ts';
import { isRefundable, refundSessionCharges } from '../tokens/session-refund-repo.ts';
import { lockUsers } from '../tokens/token-ledger-repo.ts';

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
);

type EndKey = 'ids' | 'reasons' | 'endedBys' | 'nows';
type EndInput = { sessionId: string; reason: SessionEndReason; endedBy: string | null; now: Date };

/**
 * Ends sessions still open, many in one statement: `ord` numbers the inputs from 1, and a session
 * ended already (or named twice in one batch: one input wins) answers no row for its input.
 */
const endRows = preparedQuery<
  { ord: string | number; user1_id: string | null; user2_id: string | null },
  EndKey
>(
  'parlo_end_sessions',
  (param) => sql`update sessions s
      set ended_at = t.ended_at, end_reason = t.end_reason, ended_by = t.ended_by
    from unnest(${param('ids')}::uuid[], ${param('reasons')}::text[], ${param('endedBys')}::uuid[],
        ${param('nows')}::timestamptz[]) with ordinality as t(id, end_reason, ended_by, ended_at, ord)
    where s.id = t.id and s.ended_at is null
    returning t.ord, s.user1_id, s.user2_id`,
);

/** Sessions ended in one statement at most. */
const END_BATCH_SIZE = 64;
/** Batches of ends at once at most: the pool's other connections serve finds and reads. */
const END_BATCHES_IN_FLIGHT = 2;

/**
 * Ends without a refund, batched on a pool (lib/batcher.ts): the ends that arrive while others
 * run go in one statement and one commit. When many calls end at once (a deploy, an outage's end,
 * the hour's calls running out together), each end was a transaction of its own: 1,250 ends on
 * one instance queued for its ten connections, and those that waited past the pool's 3 s were
 * refused as "unavailable" while the calls stayed open. A batch that fails (an account deleted
 * in the instant, whose id `ended_by` names) is run again end by end, so the error stays with the
 * end it concerns.
 */
function createEnder(db: Database) {
  const endAll = async (inputs: EndInput[]) => {
    const rows = await endRows(db, {
      ids: inputs.map((input) => input.sessionId),
      reasons: inputs.map((input) => input.reason),
      endedBys: inputs.map((input) => input.endedBy),
      nows: inputs.map((input) => input.now),
    });
    const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
    return inputs.map((_, index) => {
      const row = byOrd.get(index + 1);
      return row ? [row.user1_id, row.user2_id].filter((id): id is string => id !== null) : null;
    });
  };
  const endAlone = async (input: EndInput) => (await endAll([input]))[0]!;
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return endAlone;
  type Answer = PromiseSettledResult<string[] | null>;
  const settle = (ending: Promise<string[] | null>): Promise<Answer> =>
    ending.then(
      (value) => ({ status: 'fulfilled', value }),
      (reason: unknown) => ({ status: 'rejected', reason }),
    );
  const batched = createBatcher<EndInput, Answer>({
    run: async (inputs) => {
      try {
        const ended = await endAll(inputs);
        return ended.map((value) => ({ status: 'fulfilled', value }));
      } catch (error) {
        if (inputs.length === 1) return [{ status: 'rejected', reason: error }];
        return Promise.all(inputs.map((input) => settle(endAlone(input))));
      }
    },
    maxInFlight: END_BATCHES_IN_FLIGHT,
    maxSize: END_BATCH_SIZE,
  });
  return async (input: EndInput) => {
    const answer = await batched(input);
    if (answer.status === 'rejected') throw answer.reason;
    return answer.value;
  };
}

export function createLiveSessionsRepo(db: Database): LiveSessionsRepo {
  const endOne = createEnder(db);
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
    async end(sessionId, reason, endedBy, now) {
      const ending = { endedAt: now, endReason: reason, endedBy };
      const open = and(eq(sessions.id, sessionId), isNull(sessions.endedAt));
      const participantsOf = (row: { user1Id: string | null; user2Id: string | null }) =>
        [row.user1Id, row.user2Id].filter((id): id is string => id !== null);
      if (reason !== 'connection_issue') {
        const participants = await endOne({ sessionId, reason, endedBy, now });
        return participants && { participants, refunded: false };
      }
      return db.transaction(async (tx) => {
        // The users' rows first, as every token change takes them (then the session's): a refund
        // waits for a charge of the same user in flight, and the lock order never inverts.
        const [known] = await tx
          .select({ user1Id: sessions.user1Id, user2Id: sessions.user2Id })
          .from(sessions)
          .where(open);
        if (!known) return null;
        await lockUsers(tx, participantsOf(known));
        const [row] = await tx.update(sessions).set(ending).where(open).returning({
          user1Id: sessions.user1Id,
          user2Id: sessions.user2Id,
          createdAt: sessions.createdAt,
          startedAt: sessions.startedAt,
        });
        if (!row) return null;
        const facts = {
          sessionId,
          createdAt: row.createdAt,
          startedAt: row.startedAt,
          endedAt: now,
        };
        const refunded = isRefundable(facts) && (await refundSessionCharges(tx, facts, now));
        return { participants: participantsOf(row), refunded };
      });
    },
    async endOpenedBefore(before, reason, now) {
      const rows = await db
        .update(sessions)
        .set({ endedAt: now, endReason: reason })
        .where(and(isNull(sessions.endedAt), lt(sessions.createdAt, before)))
        .returning({ id: sessions.id, user1Id: sessions.user1Id, user2Id: sessions.user2Id });
      return rows;
    },
    async markStarted(sessionId, now) {
      await db
        .update(sessions)
        .set({ startedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.startedAt)));
    },
    async saveQuality(sessionId, quality) {
      await db.update(sessions).set({ quality }).where(eq(sessions.id, sessionId));
    },
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
