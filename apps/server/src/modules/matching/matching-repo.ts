import type { ProficiencyLevel } from '@parlo/contract/constants';
import { tokenDay } from '@parlo/contract/tokens';
import { sql } from 'drizzle-orm';
import type { UserStatus } from '@parlo/contract/users';
import type { TicketProfile } from '../../broker/broker.ts';
import type { Database } from '../../db/client.ts';
import type { AccountRow } from '../users/account-check.ts';
import { effectiveStatus } from '@parlo/contract/account-status';
import { preparedQuery } from '../../db/prepared.ts';
import {
  activeSubscriptionJoin,
  inOpenSession,
  readTokenState,
  type ReadTokenState,
  type TokenStateRow,
} from '../tokens/token-state-query.ts';

/** Everything a find checks and puts on the ticket, read in one round trip. */
export interface Searcher extends ReadTokenState {
  /** The account as the auth guard checks it (checkAccount). */
  account: AccountRow;
  /** Null when the user does not learn the language. */
  level: ProficiencyLevel | null;
  /** Null before onboarding (YYYY-MM-DD). */
  dateOfBirth: string | null;
  /** What a partner is shown (with the level), carried on the ticket to the session's announcement. */
  profile: TicketProfile | null;
  lastPartnerId: string | null;
  /** Everyone the user must never be paired with, in either direction of the pair. */
  excludedUserIds: string[];
  /** Held out of matching by an escalation awaiting a moderator. */
  escalated: boolean;
  /** The token state as `parlo_token_fingerprint` sums it up, for the one-trip charge. */
  fingerprint: string;
}

export interface MatchingRepo {
  /** Undefined when the account does not exist. */
  loadSearcher(userId: string, languageCode: string, now: Date): Promise<Searcher | undefined>;
}

interface SearcherRow extends TokenStateRow {
  status: UserStatus;
  blocked_until: Date | string | null;
  deleted_at: Date | string | null;
  level: ProficiencyLevel | null;
  date_of_birth: string | null;
  name: string | null;
  country: string | null;
  image_url: string | null;
  last_partner_id: string | null;
  excluded: unknown;
  escalated: boolean;
  fingerprint: string;
}

const user = sql`u.id`;
/**
 * The searcher and everything a find decides on, in one statement. The token state is read once,
 * in lateral subqueries, and the fingerprint is made from it with the very expression
 * `parlo_token_fingerprint` uses (migrations 0004 and 0011), rather than by calling the function,
 * which read the plan, usage, bonus and open sessions a second time (a third of the read). A
 * fingerprint that differed would only send every charge the long way; a test holds the two equal.
 * Every read is an index probe whose cost does not grow with the service's traffic: the last
 * partner is the newer of each side's newest session, the open-session test probes each side
 * (`offset 0` keeps it one subquery, evaluated once, though two columns use it).
 */
const searcherRows = preparedQuery<SearcherRow, 'userId' | 'languageCode' | 'day'>(
  'parlo_load_searcher',
  (param) => sql`select
      (select l.proficiency_level from user_languages l
        where l.user_id = u.id and l.language_code = ${param('languageCode')}) as level,
      pr.date_of_birth::text as date_of_birth,
      pr.name, pr.country, coalesce(pr.image_url, u.image_url) as image_url,
      (select p.partner_id from (
          (select x.user2_id as partner_id, x.created_at, x.id from sessions x
            where x.user1_id = u.id order by x.created_at desc, x.id desc limit 1)
          union all
          (select x.user1_id, x.created_at, x.id from sessions x
            where x.user2_id = u.id order by x.created_at desc, x.id desc limit 1)
        ) p order by p.created_at desc, p.id desc limit 1) as last_partner_id,
      (select coalesce(json_agg(case when e.user_low_id = u.id
          then e.user_high_id else e.user_low_id end), '[]'::json)
        from match_exclusions e
        where e.user_low_id = u.id or e.user_high_id = u.id) as excluded,
      u.escalated_at is not null as escalated,
      u.status, u.blocked_until, u.deleted_at,
      concat_ws('|',
        coalesce(s.id::text || ':' || s.plan_code || ':' || coalesce(s.ends_at::text, ''), '-'),
        coalesce(g.usage_text, '-'), b.bonus::text, o.in_session::text) as fingerprint,
      s.id as subscription_id,
      coalesce(s.plan_code, 'free') as plan_code,
      s.ends_at as plan_ends_at,
      (select p.name from plans p where p.code = coalesce(s.plan_code, 'free')) as plan_name,
      (select coalesce(json_agg(json_build_object(
          'featureCode', f.feature_code, 'value', f.value, 'cost', f.cost)), '[]'::json)
        from plan_features f where f.plan_code = coalesce(s.plan_code, 'free')) as plan_features,
      coalesce(g.usage, '{}'::json) as usage,
      b.bonus::int as bonus,
      o.in_session
    from users u ${activeSubscriptionJoin(user)}
      left join profiles pr on pr.user_id = u.id
      cross join lateral (select json_object_agg(g.feature_code, g.count) as usage,
          string_agg(g.feature_code || '=' || g.count::text, ',' order by g.feature_code)
            as usage_text
        from usages g where g.user_id = u.id and g.day = ${param('day')}::date) g
      cross join lateral (select coalesce(sum(l.delta), 0) as bonus
        from token_ledger l where l.user_id = u.id and l.pool = 'bonus') b
      cross join lateral (select ${inOpenSession(user)} as in_session offset 0) o
    where u.id = ${param('userId')}::uuid`,
  // A burst of finds reads its searchers together (db/prepared.ts).
  { batch: { userId: 'uuid', languageCode: 'text', day: 'date' } },
);

export function createMatchingRepo(db: Database): MatchingRepo {
  return {
    async loadSearcher(userId, languageCode, now) {
      const [row] = await searcherRows(db, { userId, languageCode, day: tokenDay(now) });
      if (!row) return undefined;
      const excluded =
        typeof row.excluded === 'string' ? (JSON.parse(row.excluded) as unknown) : row.excluded;
      const date = (value: Date | string | null) => (value === null ? null : new Date(value));
      const account = { status: row.status, blockedUntil: date(row.blocked_until) };
      return {
        ...readTokenState(row, now),
        account: {
          id: userId,
          status: effectiveStatus(account, now),
          deletedAt: date(row.deleted_at),
        },
        level: row.level,
        dateOfBirth: row.date_of_birth,
        profile:
          row.name === null || row.country === null
            ? null
            : { name: row.name, country: row.country, imageUrl: row.image_url },
        lastPartnerId: row.last_partner_id,
        excludedUserIds: (excluded as string[]).filter(Boolean),
        escalated: row.escalated,
        fingerprint: row.fingerprint,
      };
    },
  };
}
