import { SESSION_REFUND_WINDOW_SECONDS } from '@parlo/contract/constants';
import { tokenDay } from '@parlo/contract/tokens';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { LedgerPool } from '../../db/tables/tokens.ts';
import type { FeatureCode } from '@parlo/contract/constants';

/** The session as its end left it: what decides whether its charges come back. */
export interface EndedSessionFacts {
  sessionId: string;
  /** The users the session charged (a deleted account's side is gone). */
  participants: readonly string[];
  createdAt: Date;
  /** When both sides had media; null when the call never connected. */
  startedAt: Date | null;
  endedAt: Date;
}

/**
 * A call that failed on the network gave nobody a conversation: ended `connection_issue` before
 * it connected, or within SESSION_REFUND_WINDOW_SECONDS of connecting.
 */
export function isRefundable({ startedAt, endedAt }: EndedSessionFacts): boolean {
  if (!startedAt) return true;
  return endedAt.getTime() - startedAt.getTime() <= SESSION_REFUND_WINDOW_SECONDS * 1000;
}

/**
 * Each charge of the sessions given, answered by its refund (what it gave back, > 0): a
 * `session_refund` ledger row per charged pool, dated at the session's end. The charges are found through the ledger's
 * (user, session, reason, pool) key, one probe per participant, so the cost does not grow with
 * the ledger; the same key refuses a second refund (`on conflict do nothing`: no row back).
 */
const refundRows = preparedQuery<
  { session_id: string; user_id: string; pool: LedgerPool; delta: number },
  'sessionIds' | 'userIds' | 'endedAts'
>(
  'parlo_refund_session_charges',
  (param) => sql`insert into token_ledger (user_id, delta, pool, reason, session_id, created_at)
    select l.user_id, -l.delta, l.pool, 'session_refund', l.session_id, t.ended_at
    from unnest(${param('sessionIds')}::uuid[], ${param('userIds')}::uuid[],
        ${param('endedAts')}::timestamptz[]) as t(session_id, user_id, ended_at)
      join token_ledger l on l.user_id = t.user_id and l.session_id = t.session_id
        and l.reason = 'session'
    on conflict do nothing
    returning session_id, user_id, pool, delta`,
  { warm: { sessionIds: [], userIds: [], endedAts: [] } },
);

/** Usage given back, summed per row: never below zero. */
const giveBackRows = preparedQuery<never, 'userIds' | 'featureCodes' | 'days' | 'amounts'>(
  'parlo_refund_usages',
  (param) => sql`update usages u set count = greatest(u.count - t.amount, 0)
    from unnest(${param('userIds')}::uuid[], ${param('featureCodes')}::text[],
        ${param('days')}::date[], ${param('amounts')}::int[]) as t(user_id, feature_code, day, amount)
    where u.user_id = t.user_id and u.feature_code = t.feature_code and u.day = t.day`,
  { warm: { userIds: [], featureCodes: [], days: [], amounts: [] } },
);

/**
 * Gives back exactly what each session charged each side: a `session_refund` ledger row per
 * charged pool (daily allowance or bonus balance), dated at the session's end, and for the daily
 * pool the usage of the day it was charged on; each side's `session_limit` use of that day comes
 * back too. Many sessions in two statements whatever their number (the calls that fail together
 * when a network drops end together: live-sessions-repo). Runs inside the transaction that ends
 * the sessions, whose conditional update admits one caller per session only; the ledger's unique
 * (user, session, reason, pool) key refuses a second refund all the same. Answers the sessions
 * for which anything was given back.
 */
export async function refundSessionCharges(
  tx: Database,
  ended: readonly EndedSessionFacts[],
): Promise<Set<string>> {
  const refundedSessions = new Set<string>();
  const sides = ended.flatMap((facts) => facts.participants.map((userId) => ({ facts, userId })));
  if (sides.length === 0) return refundedSessions;
  const factsOf = new Map(ended.map((facts) => [facts.sessionId, facts]));
  const refunded = await refundRows(tx, {
    sessionIds: sides.map((side) => side.facts.sessionId),
    userIds: sides.map((side) => side.userId),
    endedAts: sides.map((side) => side.facts.endedAt),
  });
  // What comes back to each usage row, summed: a user may have two refunded sessions at once.
  const giveBack = new Map<
    string,
    { userId: string; featureCode: FeatureCode; day: string; amount: number }
  >();
  const add = (userId: string, featureCode: FeatureCode, day: string, amount: number) => {
    const key = `${userId} ${featureCode} ${day}`;
    const known = giveBack.get(key);
    if (known) known.amount += amount;
    else giveBack.set(key, { userId, featureCode, day, amount });
  };
  const limitTaken = new Set<string>();
  for (const row of refunded) {
    refundedSessions.add(row.session_id);
    // The allowance a refund restores is the one of the day the session was charged on.
    const day = tokenDay(factsOf.get(row.session_id)!.createdAt);
    if (row.pool === 'daily') add(row.user_id, 'tokens', day, row.delta);
    const side = `${row.session_id} ${row.user_id}`;
    if (!limitTaken.has(side)) {
      limitTaken.add(side);
      add(row.user_id, 'session_limit', day, 1);
    }
  }
  if (giveBack.size === 0) return refundedSessions;
  const rows = [...giveBack.values()];
  await giveBackRows(tx, {
    userIds: rows.map((row) => row.userId),
    featureCodes: rows.map((row) => row.featureCode),
    days: rows.map((row) => row.day),
    amounts: rows.map((row) => row.amount),
  });
  return refundedSessions;
}
