import { useEffect, useState } from 'react';
import type { SessionCreatedPayload } from '@parlo/contract/realtime';
import { realtimeSocket } from '@/lib/realtime/socket-client';
import { useLiveSession } from '@/lib/session/live-session-store';
import { playSound } from '@/lib/sounds';
import { updateConnectionType } from '@/features/practice/api/update-connection-type';
import { CallSession } from '@/features/practice/lib/call-session';

function createCall(payload: SessionCreatedPayload) {
  return new CallSession(payload, {
    socket: realtimeSocket,
    getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
    createPeerConnection: (config) => new RTCPeerConnection(config),
    reportConnectionType: updateConnectionType,
    playSound,
    onEnded: (reason, peerError) => useLiveSession.getState().end(reason, peerError ?? null),
    endedBeforeStart: (sessionId) => {
      const { serverEnd } = useLiveSession.getState();
      return serverEnd?.sessionId === sessionId ? serverEnd.reason : null;
    },
  });
}

/**
 * The call of the live session, started on mount. Leaving the page ends it (spec §2): on unmount,
 * and when the tab is closed or navigated away, since unmount effects do not run then.
 */
export function useCallSession(payload: SessionCreatedPayload): CallSession {
  const [call] = useState(() => createCall(payload));

  useEffect(() => {
    void call.start();
    const leave = () => call.endSelf();
    window.addEventListener('pagehide', leave);
    window.addEventListener('beforeunload', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('beforeunload', leave);
      call.scheduleLeave();
    };
  }, [call]);

  return call;
}
