import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { AlertIcon, CloseIcon } from '@/components/ui/icons';
import { RecorderPanel } from '@/features/device-test/components/recorder-panel';
import { usePreviewStream } from '@/features/device-test/hooks/use-preview-stream';
import type { DeviceChoice } from '@/features/device-test/lib/media-devices';

export type DeviceTestDialogProps = { open: boolean; onClose: () => void };

/**
 * The media preview modal of spec §2. Its content mounts only while open, so closing stops every
 * track and the recorder.
 */
export function DeviceTestDialog({ open, onClose }: DeviceTestDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6"
        >
          <Suspense fallback={null}>
            <DeviceTestContent onClose={onClose} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DeviceTestContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('device-test');
  const [choice, setChoice] = useState<DeviceChoice>({ cameraId: null, microphoneId: null });
  const { stream, problem, devices, loading } = usePreviewStream(choice);
  const videoRef = useRef<HTMLVideoElement>(null);
  const activeCamera = stream?.getVideoTracks()[0]?.getSettings().deviceId ?? '';
  const activeMicrophone = stream?.getAudioTracks()[0]?.getSettings().deviceId ?? '';
  const hasVideo = Boolean(stream && stream.getVideoTracks().length > 0);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = hasVideo ? stream : null;
  }, [stream, hasVideo]);

  return (
    <div>
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-lg font-bold text-ink">{t('title')}</Dialog.Title>
        <Dialog.Close
          aria-label={t('close')}
          className="rounded-full p-1.5 text-stone-500 hover:bg-stone-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon className="size-5" />
        </Dialog.Close>
      </div>

      <div className="relative mt-4 aspect-[4/3] overflow-hidden rounded-2xl bg-ink">
        <video
          ref={videoRef}
          autoPlay
          playsInline
          muted
          aria-label={t('preview')}
          className={`size-full -scale-x-100 object-cover ${hasVideo ? '' : 'hidden'}`}
        />
        {!hasVideo && (
          <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-white/80">
            {loading ? t('starting') : t('no_camera_preview')}
          </div>
        )}
      </div>

      {problem && (
        <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-red-700">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {t(`problems.${problem}`)}
        </p>
      )}

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {devices.cameras.length > 1 && (
          <DevicePicker
            id="device-test-camera"
            label={t('camera')}
            devices={devices.cameras}
            value={choice.cameraId ?? activeCamera}
            fallbackName={(index) => t('camera_n', { n: index + 1 })}
            onChange={(cameraId) => setChoice((current) => ({ ...current, cameraId }))}
          />
        )}
        {devices.microphones.length > 1 && (
          <DevicePicker
            id="device-test-microphone"
            label={t('microphone')}
            devices={devices.microphones}
            value={choice.microphoneId ?? activeMicrophone}
            fallbackName={(index) => t('microphone_n', { n: index + 1 })}
            onChange={(microphoneId) => setChoice((current) => ({ ...current, microphoneId }))}
          />
        )}
      </div>

      <RecorderPanel stream={stream} />

      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('done')}
        </Button>
      </div>
    </div>
  );
}

type DevicePickerProps = {
  id: string;
  label: string;
  devices: MediaDeviceInfo[];
  value: string;
  fallbackName: (index: number) => string;
  onChange: (deviceId: string) => void;
};

function DevicePicker({ id, label, devices, value, fallbackName, onChange }: DevicePickerProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-sm text-ink focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
      >
        {devices.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || fallbackName(index)}
          </option>
        ))}
      </select>
    </div>
  );
}
