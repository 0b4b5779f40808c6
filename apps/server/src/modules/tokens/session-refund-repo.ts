import { SESSION_REFUND_WINDOW_SECONDS } from '@parlo/contract/constants';
import { tokenDay } from '@parlo/contract/tokens';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tokenLedger, usages } from '../../db/tables/tokens.ts';
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
 * Gives back exactly what the session charged each side: a `session_refund` ledger row per
 * charged pool (daily allowance or bonus balance), and for the daily pool the usage of the day
 * it was charged on; each side's `session_limit` use of that day comes back too. Runs inside the
 * transaction that ends the session, whose conditional update admits one caller only; the
 * ledger's unique (user, session, reason, pool) key refuses a second refund all the same.
 * Answers whether anything was given back.
 */
export async function refundSessionCharges(
  tx: Database,
  { sessionId, createdAt }: EndedSessionFacts,
  now: Date,
): Promise<boolean> {
  const charges = await tx
    .select({ userId: tokenLedger.userId, pool: tokenLedger.pool, delta: tokenLedger.delta })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.sessionId, sessionId), eq(tokenLedger.reason, 'session')));
  if (charges.length === 0) return false;
  const refunded = await tx
    .insert(tokenLedger)
    .values(
      charges.map((charge) => ({
        userId: charge.userId,
        delta: -charge.delta,
        pool: charge.pool,
        reason: 'session_refund' as const,
        sessionId,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: tokenLedger.userId, pool: tokenLedger.pool, delta: tokenLedger.delta });
  // The allowance a refund restores is the one of the day the session was charged on.
  const day = tokenDay(createdAt);
  const giveBack = async (userId: string, featureCode: FeatureCode, amount: number) => {
    await tx
      .update(usages)
      .set({ count: sql`greatest(${usages.count} - ${amount}, 0)` })
      .where(
        and(eq(usages.userId, userId), eq(usages.featureCode, featureCode), eq(usages.day, day)),
      );
  };
  for (const row of refunded) {
    if (row.pool === 'daily') await giveBack(row.userId, 'tokens', row.delta);
  }
  for (const userId of new Set(refunded.map((row) => row.userId))) {
    await giveBack(userId, 'session_limit', 1);
  }
  return refunded.length > 0;
}
