import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionCreatedPayload } from '@parlo/contract/realtime';
import type { CallSession } from '@/features/practice/lib/call-session';
import { useSocketStatus } from '@/lib/realtime/use-socket-status';
import { CallControls } from '@/features/practice/components/call-controls';
import { CallHeader, type CallStatus } from '@/features/practice/components/call-header';
import { CallStage } from '@/features/practice/components/call-stage';
import { ChatCard } from '@/features/practice/components/chat-card';
import { useCallSession } from '@/features/practice/hooks/use-call-session';
import { useStore } from '@/features/practice/hooks/use-store';
import { PocketQuickAdd } from '@/lib/pocket/pocket-call';
import { useAfterCall } from '@/features/practice/after-call/use-after-call';
import { CorrectionsForChat } from '@/features/practice/learning/components/correction-cards';
import {
  RepairSignalBar,
  RepairSignalNotice,
} from '@/features/practice/learning/components/repair-signal-bar';
import { TalkBalanceBar } from '@/features/practice/learning/components/talk-balance-bar';
import { TaskCardPanel } from '@/features/practice/learning/components/task-card-panel';
import { useCallLearning } from '@/features/practice/learning/use-call-learning';
import { openReportDialog } from '@/lib/session/report-dialog-store';
import { FrameGuardOverlay, OwnCameraPaused } from '@/features/practice/safety/frame-guard-overlay';
import { useFrameGuard } from '@/features/practice/safety/use-frame-guard';

type CallViewProps = { payload: SessionCreatedPayload };

/** The call of the live session, started on mount and ended when the page is left. */
export function CallView({ payload }: CallViewProps) {
  const call = useCallSession(payload);
  return <CallScreen call={call} />;
}

/** The live call: header, partner stage, controls, chat, and the learning layer of issue 21. */
export function CallScreen({ call }: { call: CallSession }) {
  const { t } = useTranslation('practice');
  const payload = call.payload;
  const session = useStore(call);
  const media = useStore(call.media);
  const peer = useStore(call.peer);
  const chat = useStore(call.chat);
  const { reading } = useStore(call.quality);
  const socketStatus = useSocketStatus();
  const learning = useCallLearning(call);
  const [chatOpen, setChatOpen] = useState(false);
  const guard = useFrameGuard(call);

  useEffect(() => {
    call.chat.setVisible(chatOpen);
  }, [call, chatOpen]);

  const connected = peer.state === 'connected' || peer.state === 'disconnected';
  const status: CallStatus =
    socketStatus === 'reconnecting' || peer.state === 'disconnected' || peer.recovery
      ? 'reconnecting'
      : !connected
        ? 'connecting'
        : null;
  const partner = payload.peerProfile;
  useAfterCall(payload, chat.messages);

  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-4 sm:px-6 sm:py-6 lg:px-8">
      <CallHeader secondsLeft={session.secondsLeft} status={status} reading={reading} />

      <div className="mt-4 grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-4">
          <CallStage
            peer={partner}
            languageCode={payload.session.languageCode}
            connected={connected}
            localStream={media.stream}
            remoteStream={peer.remoteStream}
            cameraEnabled={media.cameraEnabled}
            peerCameraEnabled={session.peerCameraEnabled}
            peerMicrophoneEnabled={session.peerMicrophoneEnabled}
            overlay={
              <FrameGuardOverlay
                guard={guard}
                peer={partner}
                videoShown={connected && session.peerCameraEnabled}
                onEndAndReport={() => {
                  call.endSelf();
                  openReportDialog({
                    reportedUserId: partner.id,
                    sessionId: payload.session.id,
                    reason: 'nudity',
                    frameFlagId: guard.getSnapshot().incomingFlagId ?? undefined,
                  });
                }}
              />
            }
          />
          <OwnCameraPaused guard={guard} />
          <p className="text-center text-sm text-stone-600" aria-live="polite">
            {connected ? t('hints.partner_ready') : t('hints.waiting_for_partner')}
            {connected && !media.cameraEnabled && media.hasCamera && (
              <span className="block text-stone-500">{t('hints.camera_off')}</span>
            )}
          </p>
          <CallControls
            microphoneEnabled={media.microphoneEnabled}
            cameraEnabled={media.cameraEnabled}
            cameraAvailable={media.hasCamera}
            chatOpen={chatOpen}
            unreadCount={chat.unreadCount}
            onToggleMicrophone={() => call.toggleMicrophone()}
            onToggleCamera={() => call.toggleCamera()}
            onToggleChat={() => setChatOpen((open) => !open)}
            onEnd={() => call.endSelf()}
          />
          <RepairSignalBar signals={learning.signals} ready={chat.ready} />
          <RepairSignalNotice signals={learning.signals} />
        </div>

        <div className="grid gap-4">
          {chatOpen && (
            <ChatCard
              messages={chat.messages}
              ready={chat.ready}
              onSend={(content) => call.chat.send(content)}
              onClose={() => setChatOpen(false)}
              renderAfterMessage={CorrectionsForChat(learning.corrections, chat.ready)}
            />
          )}
          <TalkBalanceBar learning={learning} languageCode={payload.session.languageCode} />
          <TaskCardPanel
            deck={learning.deck}
            languageCode={payload.session.languageCode}
            connecting={!connected}
          />
          <PocketQuickAdd />
        </div>
      </div>
    </div>
  );
}
