import { isApiError } from '@/lib/api-client';

export type AddLanguageErrorKey = 'already_learning' | 'unavailable' | 'invalid' | 'generic';

/**
 * Spec §8 add-language messages: 409 already learning, 404 unknown language, 400 either an
 * unavailable language (told apart by the server's message) or otherwise invalid data.
 */
export function addLanguageErrorKey(error: unknown): AddLanguageErrorKey {
  if (!isApiError(error) || error.kind !== 'http') return 'generic';
  if (error.status === 409) return 'already_learning';
  if (error.status === 404) return 'unavailable';
  if (error.status === 400) {
    return /not available|unavailable/i.test(error.message) ? 'unavailable' : 'invalid';
  }
  return 'generic';
}
