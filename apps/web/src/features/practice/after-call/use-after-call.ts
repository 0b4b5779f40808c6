import { useEffect } from 'react';
import type { SessionCreatedPayload } from '@parlo/contract/realtime';
import type { User } from '@parlo/contract/users';
import { currentUserQueryKey } from '@/lib/current-user';
import { setPocketCall } from '@/lib/pocket/pocket-call';
import { queryClient } from '@/lib/query-client';
import { useCallTally } from '@/lib/session/call-tally-store';
import type { ChatMessage } from '@/features/practice/lib/chat-channel';

/**
 * What the call view gives the after-the-call parts (issue 22): the pocket's call (who saves, in
 * which call, for the save buttons) and the chat counts the recap shows. The signed-in user was
 * loaded at start-up.
 */
export function useAfterCall(
  payload: SessionCreatedPayload,
  messages: readonly ChatMessage[],
): void {
  const userId = queryClient.getQueryData<User>(currentUserQueryKey)?.id;
  const sessionId = payload.session.id;

  useEffect(() => {
    const sent = messages.filter((m) => m.sender === 'self').length;
    useCallTally.getState().noteChat(sessionId, sent, messages.length - sent);
  }, [sessionId, messages]);

  const partnerName = payload.peerProfile.name;
  const languageCode = payload.session.languageCode;
  useEffect(() => {
    setPocketCall(userId ? { userId, sessionId, partnerName, languageCode } : null);
    return () => setPocketCall(null);
  }, [userId, sessionId, partnerName, languageCode]);
}
