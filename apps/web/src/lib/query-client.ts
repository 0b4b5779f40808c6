import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on a retry; network and server errors might. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status !== undefined && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
