import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { LevelBars } from '@/features/device-test/components/level-bars';
import { useDeviceRecorder } from '@/features/device-test/hooks/use-device-recorder';

/** Record up to 10 s from the microphone and play it back (spec §2 "Media preview modal"). */
export function RecorderPanel({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation('device-test');
  const { recorder, snapshot } = useDeviceRecorder();
  const { status } = snapshot;
  const canRecord = Boolean(stream && stream.getAudioTracks().length > 0);

  return (
    <section aria-labelledby="device-test-recorder" className="mt-5 rounded-2xl bg-stone-50 p-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h3 id="device-test-recorder" className="text-sm font-semibold text-ink">
            {t('recorder.title')}
          </h3>
          <p className="mt-0.5 text-xs text-stone-600" aria-live="polite">
            {t(`recorder.status.${status}`)}
          </p>
        </div>
        <LevelBars stream={stream} label={t('recorder.level')} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {(status === 'idle' || status === 'recorded') && (
          <button
            type="button"
            onClick={() => stream && recorder.record(stream)}
            disabled={!canRecord}
            aria-label={t('recorder.record')}
            className="inline-flex size-11 items-center justify-center rounded-full bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <span aria-hidden="true" className="size-4 rounded-full bg-white" />
          </button>
        )}
        {status === 'recording' && (
          <Button variant="secondary" size="sm" onClick={() => recorder.pause()}>
            {t('recorder.pause')}
          </Button>
        )}
        {status === 'paused' && (
          <Button variant="secondary" size="sm" onClick={() => recorder.resume()}>
            {t('recorder.resume')}
          </Button>
        )}
        {(status === 'recording' || status === 'paused') && (
          <Button variant="danger" size="sm" onClick={() => recorder.stop()}>
            {t('recorder.stop')}
          </Button>
        )}
        {status === 'recorded' && (
          <Button size="sm" onClick={() => recorder.play()}>
            <PlayIcon className="size-4" />
            {t('recorder.play')}
          </Button>
        )}
        {status === 'playing' && (
          <Button size="sm" onClick={() => recorder.stopPlayback()}>
            {t('recorder.stop_playback')}
          </Button>
        )}
        {status !== 'idle' && (
          <Button variant="ghost" size="sm" onClick={() => recorder.reset()}>
            {t('recorder.reset')}
          </Button>
        )}
      </div>
    </section>
  );
}
