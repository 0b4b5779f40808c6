import { ERROR_CODES } from '@parlo/contract/error-codes';
import { isApiError } from '@/lib/api-client';

export type AdErrorKind = 'limit_reached' | 'register_failed' | 'video_failed';

/** The daily cap of rewarded ads: code BAD_REQUEST with 'limit reached' in the message (§8). */
export function isAdLimitReached(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.code === ERROR_CODES.badRequest &&
    error.message.toLowerCase().includes('limit reached')
  );
}

/** What a refused ad start or reward claim means to the user. */
export function adErrorKind(error: unknown): AdErrorKind {
  return isAdLimitReached(error) ? 'limit_reached' : 'register_failed';
}
