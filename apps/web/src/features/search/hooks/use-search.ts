import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { SEARCH_TIMEOUT_MS, type LanguageCode } from '@parlo/contract/constants';
import { realtimeSocket } from '@/lib/realtime/socket-client';
import { waitForConnection } from '@/lib/realtime/wait-for-connection';
import { useSocketMessage } from '@/lib/realtime/use-socket-message';
import { useLiveSession } from '@/lib/session/live-session-store';
import { tokensQueryKey } from '@/lib/tokens/use-token-balance';
import { cancelMatch } from '@/features/search/api/cancel-match';
import { findMatch } from '@/features/search/api/find-match';
import { checkMedia } from '@/features/search/lib/check-media';
import {
  initialSearchState,
  searchErrorType,
  searchReducer,
  type SearchState,
} from '@/features/search/lib/search-state';

/** How long a find waits for a realtime connection that is on its way before saying there is none. */
export const CONNECTION_WAIT_MS = 5_000;

const leaveQueue = () => {
  cancelMatch().catch(() => {});
};

/**
 * The search of spec §4: connected socket (waited for briefly when it is on its way), granted
 * media, then the find call; 60 s later the search gives up and leaves the queue; a
 * `session_created` ends it (the app then opens /practice). Leaving the page leaves the queue too.
 */
export function useSearch(languageCode: LanguageCode) {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const queryClient = useQueryClient();
  const latest = useRef<SearchState>(state);
  const mounted = useRef(true);

  useEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const { status, starting } = latest.current;
      const inQueue = status === 'searching' || starting;
      if (inQueue && !useLiveSession.getState().live) leaveQueue();
    };
  }, []);

  useSocketMessage('session_created', () => dispatch({ type: 'session_found' }));

  const { status, searchStartTime } = state;
  useEffect(() => {
    if (status !== 'searching' || searchStartTime === null) return;
    const remaining = SEARCH_TIMEOUT_MS - (Date.now() - searchStartTime);
    const timer = setTimeout(() => {
      dispatch({ type: 'timed_out' });
      leaveQueue();
    }, remaining);
    return () => clearTimeout(timer);
  }, [status, searchStartTime]);

  const find = useCallback(async () => {
    if (latest.current.starting || latest.current.media === 'checking') return;
    if (realtimeSocket.status() !== 'connected') {
      // A page just opened starts its connection after its first paint: a quick press waits for it.
      dispatch({ type: 'connecting' });
      const connected = await waitForConnection(realtimeSocket, CONNECTION_WAIT_MS);
      if (!mounted.current) return;
      if (!connected) {
        dispatch({ type: 'failed', errorType: 'not_connected' });
        return;
      }
    }
    dispatch({ type: 'media_checking' });
    const media = await checkMedia();
    if (!mounted.current) return;
    dispatch({ type: 'media_checked', media });
    if (media !== 'granted') return;

    dispatch({ type: 'find_sent' });
    try {
      const { rematchAfterMs } = await findMatch(languageCode);
      if (!mounted.current) return;
      dispatch({ type: 'search_started', languageCode, at: Date.now(), rematchAfterMs });
    } catch (error) {
      if (!mounted.current) return;
      const errorType = searchErrorType(error);
      // The balance shown beside the no-tokens view should agree with the server.
      if (errorType === 'sessions_limit_reached') {
        void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
      }
      dispatch({ type: 'failed', errorType });
    }
  }, [languageCode, queryClient]);

  const cancel = useCallback(() => {
    dispatch({ type: 'cancelled' });
    leaveQueue();
  }, []);

  const reset = useCallback(() => dispatch({ type: 'cancelled' }), []);

  return { state, find, cancel, reset };
}
