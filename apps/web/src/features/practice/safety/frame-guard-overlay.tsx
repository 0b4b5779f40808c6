import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeerProfile } from '@parlo/contract/realtime';
import { Button } from '@/components/ui/button';
import { useStore } from '@/features/practice/hooks/use-store';
import type { FrameGuard } from '@/features/practice/safety/frame-guard';

type OverlayProps = {
  guard: FrameGuard;
  peer: PeerProfile;
  /** Whether the partner's video is on screen (the overlay covers it only then). */
  videoShown: boolean;
  onEndAndReport: () => void;
};

/**
 * What the frame guard puts over the partner's video: a blur (a backdrop filter, so the <video>
 * itself and its sound stay untouched) with the reason and its choices, or a neutral note about
 * the partner's camera. The blur is drawn on this device only; the partner is not told.
 */
export function FrameGuardOverlay({ guard, peer, videoShown, onEndAndReport }: OverlayProps) {
  const { t } = useTranslation('safety');
  const state = useStore(guard.policy);
  const status = useStore(guard);
  const flagged = state.incoming === 'flagged' || state.incoming === 'confirming_unblur';

  return (
    <>
      <span
        hidden
        data-testid="frame-guard-status"
        data-model={status.model}
        data-backend={status.backend ?? ''}
        data-verdicts={status.verdicts}
        data-first-verdict-ms={status.firstVerdictMs ?? ''}
      />
      {videoShown && state.partnerBlurred && (
        <div
          data-testid="partner-blur"
          className="absolute inset-0 flex items-center justify-center bg-stone-900/50 p-4 backdrop-blur-3xl"
        >
          <div className="max-w-sm text-center text-white">
            {flagged ? (
              <FlaggedNotice
                guard={guard}
                peer={peer}
                minor={state.minor}
                confirming={state.incoming === 'confirming_unblur'}
                onEndAndReport={onEndAndReport}
              />
            ) : (
              <RevealPrompt guard={guard} peer={peer} selfRevealed={state.selfRevealed} />
            )}
          </div>
        </div>
      )}
      {videoShown && !state.partnerBlurred && state.partnerCameraNote !== 'none' && (
        <p
          role="status"
          data-testid="partner-camera-note"
          className="absolute top-3 right-3 left-14 w-fit rounded-full bg-stone-900/80 px-3 py-1.5 text-sm text-white"
        >
          {t(`camera_note.${state.partnerCameraNote}`, { name: peer.name })}
        </p>
      )}
    </>
  );
}

function FlaggedNotice(props: {
  guard: FrameGuard;
  peer: PeerProfile;
  minor: boolean;
  confirming: boolean;
  onEndAndReport: () => void;
}) {
  const { t } = useTranslation('safety');
  const { guard, peer, minor, confirming } = props;
  const policy = guard.policy;
  if (confirming) {
    return (
      <div role="alertdialog" aria-labelledby="guard-confirm-title" className="grid gap-3">
        <p id="guard-confirm-title" className="font-semibold">
          {t('flagged.confirm_title')}
        </p>
        <p className="text-sm text-stone-200">{t('flagged.confirm_body', { name: peer.name })}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => policy.cancelUnblur()} autoFocus>
            {t('flagged.keep_blurred')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-white hover:bg-white/10"
            onClick={() => policy.confirmUnblur()}
          >
            {t('flagged.confirm_show')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="grid gap-3">
      <p className="font-semibold">{t('flagged.title', { name: peer.name })}</p>
      <p className="text-sm text-stone-200">{t('flagged.body')}</p>
      {minor && <p className="text-sm text-stone-200">{t('flagged.minor')}</p>}
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="danger" size="sm" onClick={props.onEndAndReport}>
          {t('flagged.end_and_report')}
        </Button>
        {!minor && (
          <Button
            variant="ghost"
            size="sm"
            className="text-white hover:bg-white/10"
            onClick={() => policy.requestUnblur()}
          >
            {t('flagged.show_anyway')}
          </Button>
        )}
      </div>
    </div>
  );
}

function RevealPrompt(props: { guard: FrameGuard; peer: PeerProfile; selfRevealed: boolean }) {
  const { t } = useTranslation('safety');
  const { guard, peer, selfRevealed } = props;
  return (
    <div className="grid gap-3">
      <p className="font-semibold">{t('reveal.title')}</p>
      <p className="text-sm text-stone-200" aria-live="polite">
        {selfRevealed
          ? t('reveal.waiting', { name: peer.name })
          : t('reveal.body', { name: peer.name })}
      </p>
      {!selfRevealed && (
        <Button size="sm" className="justify-self-center" onClick={() => guard.policy.reveal()}>
          {t('reveal.button')}
        </Button>
      )}
    </div>
  );
}

/** Under the stage: why the user's own camera went off, and when it may come back. */
export function OwnCameraPaused({ guard }: { guard: FrameGuard }) {
  const { t } = useTranslation('safety');
  const state = useStore(guard.policy);
  const [now, setNow] = useState(() => Date.now());
  const paused = state.outgoing === 'paused';
  useEffect(() => {
    if (!paused) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [paused]);
  if (state.outgoing !== 'paused' || state.resumeAt === null) return null;
  const seconds = Math.max(0, Math.ceil((state.resumeAt - now) / 1000));
  return (
    <div
      role="alert"
      data-testid="own-camera-paused"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">{t('paused.title')}</p>
      <p className="mt-1">{t('paused.body')}</p>
      <Button
        size="sm"
        variant="secondary"
        className="mt-3"
        disabled={seconds > 0}
        onClick={() => guard.resumeCamera()}
      >
        {seconds > 0 ? t('paused.wait', { count: seconds }) : t('paused.resume')}
      </Button>
    </div>
  );
}
