import { jsonColumn } from '../../db/prepared.ts';
import { FEATURE_CODES, PLAN_CODES, type PlanCode } from '@parlo/contract/constants';
import type { Plan } from '@parlo/contract/tokens';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { noUsage, isFeatureCode, type TokenState } from './token-rules.ts';

/**
 * A user's whole token state (plan with its features, today's usage, bonus balance) and whether
 * they are in an open session, as columns of one row: the hot paths (find, the session charge)
 * read it in a single round trip instead of one query per piece. `user` is the SQL expression of
 * the user's id in the surrounding query; the active subscription must be joined as `s`. `day`
 * is today's token day (tokenDay), as a value or as SQL (a prepared query's placeholder).
 */
export function tokenStateColumns(user: SQL, day: string | SQL): SQL {
  const plan = sql`coalesce(s.plan_code, 'free')`;
  return sql`
    s.id as subscription_id,
    ${plan} as plan_code,
    s.ends_at as plan_ends_at,
    (select p.name from plans p where p.code = ${plan}) as plan_name,
    (select coalesce(json_agg(json_build_object(
        'featureCode', f.feature_code, 'value', f.value, 'cost', f.cost)), '[]'::json)
      from plan_features f where f.plan_code = ${plan}) as plan_features,
    (select coalesce(json_object_agg(g.feature_code, g.count), '{}'::json)
      from usages g where g.user_id = ${user} and g.day = ${day}::date) as usage,
    (select coalesce(sum(l.delta), 0)::int
      from token_ledger l where l.user_id = ${user} and l.pool = 'bonus') as bonus,
    ${inOpenSession(user)} as in_session`;
}

/**
 * Whether `user` is in an open session, as two index probes (one per side of the pair). The
 * same test as `ended_at is null and (user1_id = u or user2_id = u)`, but PostgreSQL plans that
 * form as a scan of every open call filtered by user (and of every call ended since the last
 * vacuum, whose index entries remain until then): its cost grew with the service's traffic
 * (issue 20; test/open-session-probes.test.ts).
 */
export function inOpenSession(user: SQL): SQL {
  return sql`(exists(select 1 from sessions x where x.ended_at is null and x.user1_id = ${user})
    or exists(select 1 from sessions x where x.ended_at is null and x.user2_id = ${user}))`;
}

/** The join that `tokenStateColumns` reads the active plan from. */
export const activeSubscriptionJoin = (user: SQL) =>
  sql`left join subscriptions s on s.user_id = ${user} and s.status = 'active'`;

export interface TokenStateRow {
  subscription_id: string | null;
  plan_code: string;
  plan_ends_at: Date | string | null;
  plan_name: string | null;
  plan_features: unknown;
  usage: unknown;
  bonus: number;
  in_session: boolean;
}

export interface ReadTokenState {
  state: TokenState;
  inSession: boolean;
  /** The active plan ended and must be replaced by the free one (under the user's lock). */
  lapsed: boolean;
}

const isPlanCode = (code: string): code is PlanCode =>
  (PLAN_CODES as readonly string[]).includes(code);

export function readTokenState(row: TokenStateRow, now: Date): ReadTokenState {
  const code = isPlanCode(row.plan_code) ? row.plan_code : 'free';
  const features = (jsonColumn(row.plan_features) as Plan['features'])
    .filter((feature) => isFeatureCode(feature.featureCode))
    .sort((a, b) => FEATURE_CODES.indexOf(a.featureCode) - FEATURE_CODES.indexOf(b.featureCode));
  const plan: Plan = { code, name: row.plan_name ?? code, features };
  const usage = noUsage();
  for (const [featureCode, count] of Object.entries(
    jsonColumn(row.usage) as Record<string, number>,
  )) {
    if (isFeatureCode(featureCode)) usage[featureCode] = Number(count);
  }
  const endsAt = row.plan_ends_at === null ? null : new Date(row.plan_ends_at);
  return {
    state: { plan, usage, bonus: Number(row.bonus) },
    inSession: row.in_session,
    lapsed: row.subscription_id !== null && endsAt !== null && endsAt.getTime() <= now.getTime(),
  };
}

/** Rows of a raw query, whichever driver answered it. */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
