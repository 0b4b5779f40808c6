import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UNREAD_BADGE_CAP } from '@parlo/contract/constants';
import {
  CameraIcon,
  CameraOffIcon,
  ChatIcon,
  MicIcon,
  MicOffIcon,
  PhoneOffIcon,
} from '@/features/practice/components/call-icons';

type CallControlsProps = {
  microphoneEnabled: boolean;
  cameraEnabled: boolean;
  cameraAvailable: boolean;
  chatOpen: boolean;
  unreadCount: number;
  onToggleMicrophone: () => void;
  onToggleCamera: () => void;
  onToggleChat: () => void;
  onEnd: () => void;
};

export function unreadBadge(count: number) {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** Microphone, camera and chat toggles (aria-pressed) and the red end button. */
export function CallControls(props: CallControlsProps) {
  const { t } = useTranslation('practice');
  const { unreadCount } = props;
  return (
    <div
      role="toolbar"
      aria-label={t('controls.label')}
      className="flex items-center justify-center gap-3 sm:gap-4"
    >
      <ToggleButton
        label={t('controls.microphone')}
        pressed={props.microphoneEnabled}
        onClick={props.onToggleMicrophone}
        caption={props.microphoneEnabled ? t('controls.mute') : t('controls.unmute')}
      >
        {props.microphoneEnabled ? <MicIcon /> : <MicOffIcon />}
      </ToggleButton>
      <ToggleButton
        label={t('controls.camera')}
        pressed={props.cameraEnabled}
        disabled={!props.cameraAvailable}
        onClick={props.onToggleCamera}
        caption={props.cameraEnabled ? t('controls.camera_off') : t('controls.camera_on')}
      >
        {props.cameraEnabled ? <CameraIcon /> : <CameraOffIcon />}
      </ToggleButton>
      <ToggleButton
        label={t('controls.chat')}
        pressed={props.chatOpen}
        onClick={props.onToggleChat}
        caption={t('controls.chat')}
        description={unreadCount > 0 ? t('controls.unread', { count: unreadCount }) : undefined}
      >
        <ChatIcon />
        {unreadCount > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-coral-500 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {unreadBadge(unreadCount)}
          </span>
        )}
      </ToggleButton>
      <div className="flex flex-col items-center gap-1">
        <button
          type="button"
          onClick={props.onEnd}
          aria-label={t('controls.end')}
          className="inline-flex size-14 items-center justify-center rounded-full bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
        >
          <PhoneOffIcon className="size-6" />
        </button>
        <span aria-hidden="true" className="hidden text-xs text-stone-600 sm:block">
          {t('controls.end_short')}
        </span>
      </div>
    </div>
  );
}

type ToggleButtonProps = {
  label: string;
  caption: string;
  description?: string;
  pressed: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
};

function ToggleButton({
  label,
  caption,
  description,
  pressed,
  disabled,
  onClick,
  children,
}: ToggleButtonProps) {
  return (
    <div className="flex flex-col items-center gap-1">
      <button
        type="button"
        aria-label={description ? `${label}, ${description}` : label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        className={`relative inline-flex size-14 items-center justify-center rounded-full shadow-sm ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 ${
          pressed
            ? 'bg-white text-ink ring-stone-300 hover:bg-stone-50'
            : 'bg-stone-800 text-white ring-stone-800 hover:bg-stone-700'
        }`}
      >
        {children}
      </button>
      <span aria-hidden="true" className="hidden text-xs text-stone-600 sm:block">
        {caption}
      </span>
    </div>
  );
}
