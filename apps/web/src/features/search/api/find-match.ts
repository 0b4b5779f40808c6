import type { LanguageCode } from '@parlo/contract/constants';
import type { MatchFindResult } from '@parlo/contract/match';
import { apiClient } from '@/lib/api-client';

/** Queues the user; the partner arrives later as `session_created` on the socket. */
export function findMatch(languageCode: LanguageCode): Promise<MatchFindResult> {
  // A 429 here means no tokens left, which the page shows itself (spec §8 "Search").
  return apiClient.post<MatchFindResult>(
    '/api/v1/match/find',
    { languageCode },
    { rateLimitNotice: false },
  );
}
