import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeerProfile } from '@parlo/contract/realtime';
import { Avatar } from '@/components/ui/avatar';
import { countryFlag, countryName } from '@/lib/countries';
import { languageName } from '@/lib/language-name';
import { CameraOffIcon, MicOffIcon } from '@/features/practice/components/call-icons';
import { StreamVideo } from '@/features/practice/components/stream-video';

type CallStageProps = {
  peer: PeerProfile;
  languageCode: string;
  connected: boolean;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  cameraEnabled: boolean;
  peerCameraEnabled: boolean;
  peerMicrophoneEnabled: boolean;
  /** Drawn over the partner's video (the frame guard's blur and notes). */
  overlay?: ReactNode;
};

/**
 * Where the partner is seen or heard: a connecting screen first, then the audio-only view while
 * both cameras are off, else the video view (spec §2). The partner's <video> is one element in
 * every view, so their audio never stops when the layout changes.
 */
export function CallStage(props: CallStageProps) {
  const { t } = useTranslation('practice');
  const { peer, connected, remoteStream, cameraEnabled, peerCameraEnabled } = props;
  const view = !connected ? 'connecting' : !cameraEnabled && !peerCameraEnabled ? 'audio' : 'video';
  const showRemoteVideo = view === 'video' && peerCameraEnabled;

  return (
    <div className="relative flex aspect-[4/5] w-full items-center justify-center overflow-hidden rounded-2xl bg-stone-900 sm:aspect-video">
      <StreamVideo
        stream={remoteStream}
        label={t('stage.partner_video', { name: peer.name })}
        testId="remote-video"
        className={showRemoteVideo ? 'absolute inset-0 size-full object-cover' : 'sr-only'}
      />
      {props.overlay}
      {view === 'connecting' && <ConnectingScreen peer={peer} />}
      {view === 'audio' && <PartnerCard {...props} />}
      {view === 'video' && !peerCameraEnabled && <PartnerCameraOff peer={peer} />}
      {view === 'video' && !props.peerMicrophoneEnabled && (
        // On the partner's tile, where one looks when they seem silent.
        <PartnerMuted peer={peer} className="absolute top-3 left-3 p-2 ring-white/70" />
      )}
      {view === 'video' && (
        <div className="absolute right-3 bottom-3 aspect-video w-28 overflow-hidden rounded-xl bg-stone-800 ring-2 ring-white/70 sm:w-44">
          <StreamVideo
            stream={props.localStream}
            muted
            label={t('stage.your_video')}
            testId="local-video"
            className={cameraEnabled ? 'size-full -scale-x-100 object-cover' : 'hidden'}
          />
          {!cameraEnabled && (
            <span className="flex size-full items-center justify-center text-stone-300">
              <CameraOffIcon className="size-5" />
              <span className="sr-only">{t('stage.your_camera_off')}</span>
            </span>
          )}
        </div>
      )}
    </div>
  );
}

function ConnectingScreen({ peer }: { peer: PeerProfile }) {
  const { t, i18n } = useTranslation('practice');
  return (
    <div role="status" className="flex flex-col items-center gap-3 px-6 text-center text-white">
      <span className="size-10 animate-spin rounded-full border-2 border-white/30 border-t-white" />
      <p className="text-lg font-semibold">{t('stage.connecting_to', { name: peer.name })}</p>
      {peer.country && (
        <p className="text-sm text-stone-300">
          <span aria-hidden="true">{countryFlag(peer.country)} </span>
          {countryName(peer.country, i18n.language)}
        </p>
      )}
    </div>
  );
}

function PartnerCard({ peer, languageCode, peerMicrophoneEnabled }: CallStageProps) {
  const { t, i18n } = useTranslation(['practice', 'forms']);
  const language = languageName(languageCode, i18n.language);
  return (
    <div className="flex flex-col items-center gap-3 px-6 text-center text-white">
      <div className="relative">
        <Avatar name={peer.name} imageUrl={peer.imageUrl} className="size-28 text-3xl" />
        {!peerMicrophoneEnabled && (
          <PartnerMuted peer={peer} className="absolute -right-1 -bottom-1 p-1.5 ring-stone-900" />
        )}
      </div>
      <p className="text-xl font-semibold">{peer.name}</p>
      <p className="text-sm text-stone-300">
        {t('stage.level', {
          level: peer.level,
          name: t(`forms:levels.${peer.level}.name`),
          language,
        })}
      </p>
      {peer.country && (
        <p className="text-sm text-stone-300">
          <span aria-hidden="true">{countryFlag(peer.country)} </span>
          {countryName(peer.country, i18n.language)}
        </p>
      )}
    </div>
  );
}

function PartnerMuted({ peer, className }: { peer: PeerProfile; className: string }) {
  const { t } = useTranslation('practice');
  return (
    <span
      role="img"
      aria-label={t('stage.partner_muted', { name: peer.name })}
      title={t('stage.partner_muted', { name: peer.name })}
      className={`inline-flex rounded-full bg-red-600 text-white ring-2 ${className}`}
    >
      <MicOffIcon className="size-4" />
    </span>
  );
}

function PartnerCameraOff({ peer }: { peer: PeerProfile }) {
  const { t } = useTranslation('practice');
  return (
    <div
      data-testid="partner-camera-off"
      className="flex flex-col items-center gap-3 px-6 text-center text-white"
    >
      <Avatar name={peer.name} imageUrl={peer.imageUrl} className="size-24 text-2xl" />
      <p className="flex items-center gap-1.5 text-sm text-stone-300">
        <CameraOffIcon className="size-4" />
        {t('stage.partner_camera_off', { name: peer.name })}
      </p>
    </div>
  );
}
