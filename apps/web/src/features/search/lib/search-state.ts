import { ERROR_CODES } from '@parlo/contract/error-codes';
import { isApiError } from '@/lib/api-client';

/** Spec §3 "Search state", plus not_connected for a find without the realtime connection. */
export type SearchStatus = 'idle' | 'searching' | 'session_found' | 'timeout' | 'error';
export type SearchErrorType =
  'already_in_call' | 'sessions_limit_reached' | 'not_connected' | 'under_review' | 'generic';
/** The camera and microphone check before a find; not_found: no such device. */
export type MediaPermission = 'unknown' | 'checking' | 'granted' | 'denied' | 'not_found' | 'error';

export type SearchState = {
  status: SearchStatus;
  errorType: SearchErrorType | null;
  /** Epoch ms at which this browser started searching, for the elapsed timer. */
  searchStartTime: number | null;
  languageCode: string | null;
  media: MediaPermission;
  /** The find call is on its way. */
  starting: boolean;
  /** From the find answer: how long matching holds back the last partner; null without one. */
  rematchAfterMs: number | null;
};

export type SearchAction =
  /** A find waits for the realtime connection: the button is busy meanwhile. */
  | { type: 'connecting' }
  | { type: 'media_checking' }
  | { type: 'media_checked'; media: MediaPermission }
  | { type: 'find_sent' }
  | { type: 'search_started'; languageCode: string; at: number; rematchAfterMs?: number }
  | { type: 'failed'; errorType: SearchErrorType }
  | { type: 'session_found' }
  | { type: 'timed_out' }
  | { type: 'cancelled' };

export const initialSearchState: SearchState = {
  status: 'idle',
  errorType: null,
  searchStartTime: null,
  languageCode: null,
  media: 'unknown',
  starting: false,
  rematchAfterMs: null,
};

const idle = (state: SearchState): SearchState => ({
  ...initialSearchState,
  media: state.media === 'granted' ? 'granted' : 'unknown',
});

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'connecting':
      return { ...idle(state), starting: true };
    case 'media_checking':
      return { ...idle(state), media: 'checking' };
    case 'media_checked':
      return { ...state, media: action.media };
    case 'find_sent':
      return { ...state, status: 'idle', errorType: null, starting: true };
    case 'search_started':
      // The match may beat the find call's answer to the browser.
      if (state.status === 'session_found') return state;
      return {
        ...state,
        status: 'searching',
        errorType: null,
        starting: false,
        languageCode: action.languageCode,
        searchStartTime: action.at,
        rematchAfterMs: action.rematchAfterMs ?? null,
      };
    case 'failed':
      if (state.status === 'session_found') return state;
      return { ...state, status: 'error', errorType: action.errorType, starting: false };
    case 'session_found':
      // A continue offer may also start a call, so a match counts from any state.
      return { ...state, status: 'session_found', starting: false };
    case 'timed_out':
      return state.status === 'searching' ? { ...state, status: 'timeout' } : state;
    case 'cancelled':
      return state.status === 'session_found' ? state : idle(state);
  }
}

/**
 * Spec §4 "Search": 1001 or 409 is already_in_call, 1002 or 429 sessions_limit_reached (no tokens),
 * anything else generic. The server's 409 'not_connected' is the missing socket, not a call.
 */
export function searchErrorType(error: unknown): SearchErrorType {
  if (!isApiError(error)) return 'generic';
  if (error.code === ERROR_CODES.notConnected) return 'not_connected';
  if (error.code === ERROR_CODES.underReview) return 'under_review';
  if (error.code === ERROR_CODES.alreadyInCall || error.status === 409) return 'already_in_call';
  if (error.code === ERROR_CODES.sessionsLimitReached || error.status === 429) {
    return 'sessions_limit_reached';
  }
  return 'generic';
}

/** Which media outcome a getUserMedia failure means. */
export function mediaErrorPermission(error: unknown): MediaPermission {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'denied';
  }
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    name === 'OverconstrainedError'
  ) {
    return 'not_found';
  }
  return 'error';
}

/** mm:ss since the search started. */
export function formatElapsed(ms: number) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export type WaitEstimate =
  { unit: 'none' } | { unit: 'seconds' | 'minutes' | 'hours'; count: number };

/** The average wait as "about N seconds, minutes or hours"; none when the server knows none. */
export function waitEstimate(ms: number): WaitEstimate {
  if (!(ms > 0)) return { unit: 'none' };
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.round(minutes / 60) };
}
