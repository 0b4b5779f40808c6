import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSocketMessage } from '@/lib/realtime/use-socket-message';
import { useLiveSession } from '@/lib/session/live-session-store';
import { playSound } from '@/lib/sounds';
import { tokensQueryKey } from '@/lib/tokens/use-token-balance';
import { PRACTICE_PATH } from '@/app/access';

/** Session-list queries start with this key (the dashboard's recent sessions among them). */
const sessionsQueryKey = ['sessions'] as const;

/**
 * A match, whether from the search or an accepted continue offer, arrives as `session_created`
 * (spec §4 Search, Continue-with-partner offers): the call starts, the charged token and the new
 * session show up on the next read, a chime plays and the practice page opens.
 */
export function useMatchBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useSocketMessage('session_created', (payload) => {
    useLiveSession.getState().start(payload);
    void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
    void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    playSound('match');
    void navigate(PRACTICE_PATH);
  });
  // Kept for a call that is not set up yet; a running call hears it on the socket itself.
  useSocketMessage('session_ended', ({ sessionId, reason, refunded }) => {
    useLiveSession.getState().noteServerEnd(sessionId, reason);
    // A call that failed early gave the token back: the counts shown should say so at once.
    if (refunded) {
      useLiveSession.getState().noteRefund(sessionId);
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
    }
  });
}
