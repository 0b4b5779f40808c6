import { SESSION_REFUND_WINDOW_SECONDS } from '@parlo/contract/constants';
import { tokenDay } from '@parlo/contract/tokens';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tokenLedger } from '../../db/tables/tokens.ts';
import type { FeatureCode } from '@parlo/contract/constants';

/** The session as its end left it: what decides whether its charges come back. */
export interface EndedSessionFacts {
  sessionId: string;
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
 * Gives back exactly what each session charged each side: a `session_refund` ledger row per
 * charged pool (daily allowance or bonus balance), dated at the session's end, and for the daily
 * pool the usage of the day it was charged on; each side's `session_limit` use of that day comes
 * back too. Many sessions in four statements whatever their number (the calls that fail together
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
  if (ended.length === 0) return refundedSessions;
  const factsOf = new Map(ended.map((facts) => [facts.sessionId, facts]));
  const charges = await tx
    .select({
      sessionId: tokenLedger.sessionId,
      userId: tokenLedger.userId,
      pool: tokenLedger.pool,
      delta: tokenLedger.delta,
    })
    .from(tokenLedger)
    .where(
      and(inArray(tokenLedger.sessionId, [...factsOf.keys()]), eq(tokenLedger.reason, 'session')),
    );
  if (charges.length === 0) return refundedSessions;
  const refunded = await tx
    .insert(tokenLedger)
    .values(
      charges.map((charge) => ({
        userId: charge.userId,
        delta: -charge.delta,
        pool: charge.pool,
        reason: 'session_refund' as const,
        sessionId: charge.sessionId,
        createdAt: factsOf.get(charge.sessionId!)!.endedAt,
      })),
    )
    .onConflictDoNothing()
    .returning({
      sessionId: tokenLedger.sessionId,
      userId: tokenLedger.userId,
      pool: tokenLedger.pool,
      delta: tokenLedger.delta,
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
    refundedSessions.add(row.sessionId!);
    // The allowance a refund restores is the one of the day the session was charged on.
    const day = tokenDay(factsOf.get(row.sessionId!)!.createdAt);
    if (row.pool === 'daily') add(row.userId, 'tokens', day, row.delta);
    const side = `${row.sessionId} ${row.userId}`;
    if (!limitTaken.has(side)) {
      limitTaken.add(side);
      add(row.userId, 'session_limit', day, 1);
    }
  }
  if (giveBack.size === 0) return refundedSessions;
  const rows = [...giveBack.values()];
  await tx.execute(sql`update usages u set count = greatest(u.count - t.amount, 0)
    from unnest(${sql.param(rows.map((row) => row.userId))}::uuid[],
        ${sql.param(rows.map((row) => row.featureCode))}::text[],
        ${sql.param(rows.map((row) => row.day))}::date[],
        ${sql.param(rows.map((row) => row.amount))}::int[]) as t(user_id, feature_code, day, amount)
    where u.user_id = t.user_id and u.feature_code = t.feature_code and u.day = t.day`);
  return refundedSessions;
}
