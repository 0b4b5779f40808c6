import type { QueryClient } from '@tanstack/react-query';
import { activeSubscriptionQueryOptions } from '@/lib/api/get-active-subscription';
import { bonusTokenCountQueryOptions } from '@/lib/api/get-bonus-token-count';
import { usagesQueryOptions } from '@/lib/api/get-usages';
import { calibrationQueryOptions } from '@/features/dashboard/api/get-calibration';
import { recentSessionsQueryOptions } from '@/features/dashboard/api/get-sessions';

/**
 * Asks for everything the dashboard shows on its first render (tokens, calibrated level, recent
 * sessions) with the same query options its cards use, so the cards find the answers in the
 * cache instead of asking once they have rendered. Never rejects: failures are left to the cards,
 * which ask again.
 */
export function prefetchDashboard(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(activeSubscriptionQueryOptions()),
    queryClient.prefetchQuery(usagesQueryOptions()),
    queryClient.prefetchQuery(bonusTokenCountQueryOptions()),
    queryClient.prefetchQuery(calibrationQueryOptions()),
    queryClient.prefetchInfiniteQuery(recentSessionsQueryOptions()),
  ]);
}
