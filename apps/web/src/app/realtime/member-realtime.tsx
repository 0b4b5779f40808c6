import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { realtimeSocket } from '@/lib/realtime/socket-client';
import { useLiveSession } from '@/lib/session/live-session-store';
import { OfferToast } from '@/features/session-ended/components/offer-toast';
import { useContinueOfferBridge } from '@/features/session-ended/hooks/use-continue-offer-bridge';
import { PRACTICE_PATH, SESSION_ENDED_PATH } from '@/app/access';
import { ConnectionNotice } from '@/app/realtime/connection-notice';
import { useMatchBridge } from '@/app/realtime/use-match-bridge';
import { useRestrictionBridge } from '@/app/realtime/use-restriction-bridge';

export type MemberRealtimeProps = {
  publicPage: boolean;
  appShellId: string;
};

/**
 * The realtime connection of a member (signed in, onboarded, not blocked): open while mounted,
 * closed on sign-out; matches lead to /practice; a block shows the blocked page; the connection
 * notice covers the app while down; continue offers reach the user on any page (a toast).
 * Loaded lazily, so visitors and the landing page never download the socket code.
 */
export function MemberRealtime({ publicPage, appShellId }: MemberRealtimeProps) {
  const { i18n } = useTranslation();
  useEffect(() => {
    realtimeSocket.connect();
    return () => realtimeSocket.disconnect();
  }, []);
  // The notice's texts are fetched ahead, so they are there when the connection drops.
  useEffect(() => {
    void i18n.loadNamespaces(['realtime', 'session-ended']);
  }, [i18n]);
  useMatchBridge();
  useRestrictionBridge();
  useContinueOfferBridge();
  const inlineOnPage = useMatch(SESSION_ENDED_PATH) !== null;
  const onPracticePage = useMatch(PRACTICE_PATH) !== null;
  const inCall = useLiveSession((state) => state.live !== null) || onPracticePage;
  return (
    // Never the app-wide fallback: a notice still loading its texts must not hide the app.
    <>
      <Suspense fallback={null}>
        <ConnectionNotice publicPage={publicPage} appShellId={appShellId} />
      </Suspense>
      <Suspense fallback={null}>
        <OfferToast inlineOnPage={inlineOnPage} inCall={inCall} />
      </Suspense>
    </>
  );
}
