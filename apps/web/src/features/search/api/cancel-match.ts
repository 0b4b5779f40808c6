import type { MatchCancelResult } from '@parlo/contract/match';
import { apiClient } from '@/lib/api-client';

/** Leaves the queue; harmless when the user is not in it. */
export function cancelMatch(): Promise<MatchCancelResult> {
  return apiClient.post<MatchCancelResult>('/api/v1/match/cancel');
}
