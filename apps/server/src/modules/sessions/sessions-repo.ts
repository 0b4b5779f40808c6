import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { jsonColumn, preparedQuery } from '../../db/prepared.ts';
import type { AccountRow } from '../users/account-check.ts';
import {
  accountColumns,
  accountOf,
  epochMs,
  type AccountColumnsRow,
} from '../users/account-columns.ts';
import { sessions } from '../../db/tables/sessions.ts';
import { profiles, users } from '../../db/tables/users.ts';

export interface ParticipantRow {
  id: string | null;
  username: string | null;
  deletedAt: Date | null;
  name: string | null;
  country: string | null;
  imageUrl: string | null;
  profileImageUrl: string | null;
}

export interface SessionRow {
  id: string;
  languageCode: string;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  endReason: string | null;
  /** Null (or all fields null) once the account was purged: drizzle folds an empty join. */
  user1: ParticipantRow | null;
  user2: ParticipantRow | null;
}

/** One page of the user's sessions and how many there are, with the account (checkAccount). */
export interface SessionPage {
  account: AccountRow | undefined;
  rows: SessionRow[];
  total: number;
}

export interface SessionsRepo {
  /**
   * A page of the user's sessions (newest first), how many there are and the account, in one
   * round trip (GET /sessions).
   */
  pageForUser(userId: string, limit: number, offset: number, now: Date): Promise<SessionPage>;
  /** The session only when the user took part in it. */
  findForUser(sessionId: string, userId: string): Promise<SessionRow | undefined>;
}

const u1 = alias(users, 'u1');
const u2 = alias(users, 'u2');
const p1 = alias(profiles, 'p1');
const p2 = alias(profiles, 'p2');

const participant1 = {
  id: u1.id,
  username: u1.username,
  deletedAt: u1.deletedAt,
  name: p1.name,
  country: p1.country,
  imageUrl: u1.imageUrl,
  profileImageUrl: p1.imageUrl,
};
const participant2 = {
  id: u2.id,
  username: u2.username,
  deletedAt: u2.deletedAt,
  name: p2.name,
  country: p2.country,
  imageUrl: u2.imageUrl,
  profileImageUrl: p2.imageUrl,
};

/** The fields of a participant as json, with the names of ParticipantRow. */
const participantFields = (user: string, profile: string) =>
  sql.raw(`'id', ${user}.id, 'username', ${user}.username, 'deletedAt', ${user}.deleted_at,
    'name', ${profile}.name, 'country', ${profile}.country, 'imageUrl', ${user}.image_url,
    'profileImageUrl', ${profile}.image_url`);

interface PageDbRow extends AccountColumnsRow {
  total: number;
  me: unknown;
  page: unknown;
}

type ParticipantJson = (Omit<ParticipantRow, 'deletedAt'> & { deletedAt: string | null }) | null;

interface PageJsonRow {
  id: string;
  languageCode: string;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  endReason: string | null;
  /** The partner's side of the session (1 or 2): the caller is the other one. */
  partnerSide: 1 | 2;
  partner: ParticipantJson;
}

/**
 * The caller took part in every session of the page, so they are read once (`me`), with the
 * account; each row looks up only the partner (null without a user row). That halved the
 * statement's time in PostgreSQL. The partners are joined to the page, not looked up in a
 * subquery per row: while `users` is small (a few hundred members), PostgreSQL scans it rather
 * than use its primary key, and a subquery scanned it once per row (2,211 rows read for a page of
 * ten with 200 members, and 366-395 µs of PostgreSQL's CPU per request instead of 192-209 once
 * autovacuum had analyzed the table); a join scans it once (216-235 µs). The page is the newest
 * of each side's newest sessions (each read in order from its index, as far as the page
 * reaches), so its cost does not grow with the member's history: `user1_id = $1 or user2_id = $1`
 * read and sorted every session the member ever had on each load of the dashboard.
 */
const pageRows = preparedQuery<PageDbRow, 'userId' | 'limit' | 'offset'>(
  'parlo_session_page',
  (param) => sql`select ${accountColumns},
      (select count(*)::int from sessions x where x.user1_id = u.id)
        + (select count(*)::int from sessions x where x.user2_id = u.id) as total,
      json_build_object(${participantFields('u', 'mp')}) as me,
      (select coalesce(json_agg(json_build_object(
          'id', page.id, 'languageCode', page.language_code,
          'createdAt', ${epochMs('page.created_at')}, 'startedAt', ${epochMs('page.started_at')},
          'endedAt', ${epochMs('page.ended_at')}, 'endReason', page.end_reason,
          'partnerSide', case when page.user1_id = u.id then 2 else 1 end,
          'partner', case when pu.id is not null
            then json_build_object(${participantFields('pu', 'pp')}) end)
          order by page.created_at desc, page.id desc), '[]'::json)
        from (select x.*,
            case when x.user1_id = u.id then x.user2_id else x.user1_id end as partner_id
          from (
            (select x.* from sessions x where x.user1_id = u.id
              order by x.created_at desc, x.id desc
              limit ${param('limit')}::int + ${param('offset')}::int)
            union all
            (select x.* from sessions x where x.user2_id = u.id
              order by x.created_at desc, x.id desc
              limit ${param('limit')}::int + ${param('offset')}::int)
          ) x
          order by x.created_at desc, x.id desc
          limit ${param('limit')}::int offset ${param('offset')}::int) page
        left join users pu on pu.id = page.partner_id
        left join profiles pp on pp.user_id = pu.id) as page
    from users u left join profiles mp on mp.user_id = u.id
    where u.id = ${param('userId')}::uuid`,
  { batch: { userId: 'uuid', limit: 'int', offset: 'int' } },
);

const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));
const participantOf = (row: ParticipantJson): ParticipantRow | null =>
  row && { ...row, deletedAt: row.deletedAt === null ? null : new Date(row.deletedAt) };

const tookPart = (userId: string) => or(eq(sessions.user1Id, userId), eq(sessions.user2Id, userId));

export function createSessionsRepo(db: Database): SessionsRepo {
  function select(where: SQL | undefined) {
    return db
      .select({
        id: sessions.id,
        languageCode: sessions.languageCode,
        createdAt: sessions.createdAt,
        startedAt: sessions.startedAt,
        endedAt: sessions.endedAt,
        endReason: sessions.endReason,
        user1: participant1,
        user2: participant2,
      })
      .from(sessions)
      .leftJoin(u1, eq(u1.id, sessions.user1Id))
      .leftJoin(p1, eq(p1.userId, sessions.user1Id))
      .leftJoin(u2, eq(u2.id, sessions.user2Id))
      .leftJoin(p2, eq(p2.userId, sessions.user2Id))
      .where(where);
  }

  return {
    async pageForUser(userId, limit, offset, now) {
      const [row] = await pageRows(db, { userId, limit, offset });
      const page = (jsonColumn(row?.page) ?? []) as PageJsonRow[];
      const me = participantOf((jsonColumn(row?.me) ?? null) as ParticipantJson);
      return {
        account: accountOf(userId, row, now),
        total: Number(row?.total ?? 0),
        rows: page.map((entry) => {
          const partner = participantOf(entry.partner);
          return {
            id: entry.id,
            languageCode: entry.languageCode,
            createdAt: new Date(entry.createdAt),
            startedAt: dateOf(entry.startedAt),
            endedAt: dateOf(entry.endedAt),
            endReason: entry.endReason,
            user1: entry.partnerSide === 1 ? partner : me,
            user2: entry.partnerSide === 2 ? partner : me,
          };
        }),
      };
    },

    async findForUser(sessionId, userId) {
      const [row] = await select(and(eq(sessions.id, sessionId), tookPart(userId))).limit(1);
      return row;
    },
  };
}
