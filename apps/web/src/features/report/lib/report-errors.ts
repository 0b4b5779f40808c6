import { isApiError } from '@/lib/api-client';

export type ReportError =
  { kind: 'limit_reached' } | { kind: 'server'; message: string } | { kind: 'failed' };

/** What a refused report means (spec §8 Report): the daily cap, the server's words, or a fallback. */
export function reportError(error: unknown): ReportError {
  if (!isApiError(error) || error.kind !== 'http') return { kind: 'failed' };
  if (error.status === 429) return { kind: 'limit_reached' };
  return error.message ? { kind: 'server', message: error.message } : { kind: 'failed' };
}
