import { isApiError } from '@/lib/api-client';

/** The i18n key (under moderation `errors`) for a failed call: the server's refusal or a fallback. */
export function moderationErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'failed';
  if (error.kind !== 'http') return 'network';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'not_found';
  if (error.status === 409) return 'conflict';
  if (error.status === 400) return 'invalid';
  return 'failed';
}
