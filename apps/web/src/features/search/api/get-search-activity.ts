import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchActivitySchema, type SearchActivity } from '@parlo/contract/after-call';
import { apiClient } from '@/lib/api-client';

/** The browser's IANA time zone (e.g. Europe/Madrid); UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /search-activity: when learners of the language at the user's level searched. */
export async function getSearchActivity(languageCode: string, tz: string): Promise<SearchActivity> {
  const body = await apiClient.get<unknown>('/api/v1/search-activity', {
    query: { languageCode, tz },
  });
  return searchActivitySchema.parse(body);
}

/** The server caches it for ten minutes: asking more often would only get the same answer. */
const STALE_MS = 10 * 60_000;

export function useSearchActivity(languageCode: string) {
  const tz = browserTimeZone();
  return useQuery(
    queryOptions({
      queryKey: ['search-activity', languageCode, tz],
      queryFn: () => getSearchActivity(languageCode, tz),
      staleTime: STALE_MS,
      retry: false,
    }),
  );
}
