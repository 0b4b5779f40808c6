import { useTranslation } from 'react-i18next';
import { VIDEO_AD_BONUS_TOKENS, VIDEO_AD_SECONDS } from '@parlo/contract/constants';
import { Button } from '@/components/ui/button';
import { AlertIcon, CheckIcon, PlayIcon } from '@/components/ui/icons';
import { useAdWatch } from '@/features/bonus-tokens/hooks/use-ad-watch';
import { ViewHeader } from '@/features/bonus-tokens/components/view-header';

/** Served from the web app's public folder; about 20 s, 640x360 VP9 WebM. */
export const AD_VIDEO_SRC = '/media/parlo-ad.webm';

type AdViewProps = { onClose: () => void; onBack?: () => void };

/** Ad mode of the bonus-token dialog: start, watch 15 s, thank-you or an error (spec §4). */
export function AdView({ onClose, onBack }: AdViewProps) {
  const { t } = useTranslation('tokens');
  const { state, start, videoRef } = useAdWatch();

  if (state.status === 'completed') {
    return (
      <div>
        <ViewHeader
          title={t('bonus.ad.completed_title')}
          icon={<CheckIcon className="size-5" />}
          focusTitle
        />
        <p className="mt-3 text-sm leading-6 text-stone-600">
          {t('bonus.ad.completed_text', { count: state.granted })}
        </p>
        <div className="mt-6 flex justify-end">
          <Button onClick={onClose} className="w-full sm:w-auto">
            {t('bonus.ad.continue')}
          </Button>
        </div>
      </div>
    );
  }

  if (state.status === 'error') {
    const limit = state.error === 'limit_reached';
    return (
      <div>
        <ViewHeader
          title={limit ? t('bonus.error.limit_title') : t('bonus.error.title')}
          icon={<AlertIcon className="size-5" />}
          focusTitle
        />
        <p role="alert" className="mt-3 text-sm leading-6 text-stone-700">
          {t(`bonus.error.${state.error}`)}
        </p>
        <div className="mt-6 flex justify-end">
          <Button variant="secondary" onClick={onClose} className="w-full sm:w-auto">
            {t('bonus.close')}
          </Button>
        </div>
      </div>
    );
  }

  const playing = state.status === 'watching' || state.status === 'claiming';
  const watched =
    state.status === 'watching' ? state.watchedSeconds : playing ? VIDEO_AD_SECONDS : 0;
  const secondsLeft = Math.max(0, Math.ceil(VIDEO_AD_SECONDS - watched));

  return (
    <div>
      <ViewHeader
        title={t('bonus.ad.title')}
        icon={<PlayIcon className="size-5" />}
        onBack={playing ? undefined : onBack}
        focusTitle={onBack !== undefined}
      />
      {playing ? (
        <div className="mt-4">
          <video
            ref={videoRef}
            src={AD_VIDEO_SRC}
            muted
            playsInline
            preload="auto"
            disablePictureInPicture
            aria-label={t('bonus.ad.video_label')}
            className="aspect-video w-full rounded-xl bg-ink object-cover"
          />
          <div className="mt-3 flex items-center justify-between text-sm">
            <span className="font-medium text-ink" aria-live="off">
              {state.status === 'claiming'
                ? t('bonus.ad.claiming')
                : t('bonus.ad.seconds_left', { count: secondsLeft })}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={t('bonus.ad.progress_label')}
            aria-valuemin={0}
            aria-valuemax={VIDEO_AD_SECONDS}
            aria-valuenow={Math.floor(watched)}
            aria-valuetext={t('bonus.ad.seconds_left', { count: secondsLeft })}
            className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-200 ease-linear motion-reduce:transition-none"
              style={{ width: `${(watched / VIDEO_AD_SECONDS) * 100}%` }}
            />
          </div>
        </div>
      ) : (
        <>
          <p className="mt-3 text-sm leading-6 text-stone-600">
            {t('bonus.ad.text', { seconds: VIDEO_AD_SECONDS, count: VIDEO_AD_BONUS_TOKENS })}
          </p>
          <div className="mt-6 flex justify-end">
            <Button
              onClick={start}
              disabled={state.status === 'starting'}
              className="w-full sm:w-auto"
            >
              <PlayIcon className="size-5" />
              {state.status === 'starting' ? t('bonus.ad.starting') : t('bonus.ad.start')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
