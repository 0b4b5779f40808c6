import { useTranslation } from 'react-i18next';
import amaraUrl from '@/assets/marketing/avatar-amara.svg';
import mateoUrl from '@/assets/marketing/avatar-mateo.svg';
import {
  ClockIcon,
  HangUpIcon,
  MicIcon,
  SparkIcon,
  VideoIcon,
} from '@/components/marketing/marketing-icons';

// A moment from a call in progress; the digits read the same in every language.
const TIMER_READING = '06:42';

/** A stylised call in progress, described to assistive technology as a single image. */
export function HeroVisual() {
  const { t } = useTranslation('landing');

  return (
    <div
      role="img"
      aria-label={t('hero.visual.label')}
      className="relative mx-auto w-full max-w-md pt-6 pb-24 sm:max-w-lg sm:pb-20 lg:max-w-none"
    >
      <div className="rotate-1 rounded-[2rem] bg-brand-900 p-3 shadow-2xl shadow-brand-900/25 sm:p-4">
        <div className="grid grid-cols-2 gap-3">
          {[amaraUrl, mateoUrl].map((src, index) => (
            <div key={src} className="relative overflow-hidden rounded-2xl bg-brand-800">
              <img
                src={src}
                alt=""
                width={160}
                height={160}
                className="aspect-[4/5] w-full object-cover object-bottom"
              />
              {index === 0 && (
                <span className="absolute top-2.5 left-2.5 inline-flex items-center gap-1.5 rounded-full bg-brand-900/85 px-2.5 py-1 text-xs font-semibold text-white tabular-nums sm:text-sm">
                  <ClockIcon className="h-4 w-4 text-brand-200" />
                  {TIMER_READING}
                </span>
              )}
            </div>
          ))}
        </div>
        <div className="mt-3 flex items-center gap-2 px-1">
          <span className="grid h-10 w-10 place-items-center rounded-full bg-white/10 text-white">
            <MicIcon className="h-5 w-5" />
          </span>
          <span className="grid h-10 w-10 place-items-center rounded-full bg-white/10 text-white">
            <VideoIcon className="h-5 w-5" />
          </span>
          <span className="grid h-10 w-12 place-items-center rounded-full bg-red-500 text-white">
            <HangUpIcon className="h-5 w-5" />
          </span>
        </div>
      </div>

      <p className="absolute top-0 right-2 inline-flex items-center gap-2 rounded-2xl bg-white px-4 py-2.5 text-sm font-semibold text-ink shadow-lg ring-1 ring-stone-200 sm:-right-4">
        <span className="relative flex h-2.5 w-2.5">
          <span className="absolute inline-flex h-full w-full rounded-full bg-brand-400 opacity-75 motion-safe:animate-ping" />
          <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-brand-500" />
        </span>
        {t('hero.visual.matched')}
      </p>

      <div className="absolute right-2 bottom-0 w-[min(17rem,80%)] -rotate-1 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-stone-200 sm:-right-6">
        <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-stone-600 uppercase">
          <SparkIcon className="h-4 w-4 text-coral-500" />
          {t('hero.visual.prompt_label')}
        </p>
        <p className="mt-1.5 leading-snug font-semibold text-ink">{t('hero.visual.prompt')}</p>
      </div>
    </div>
  );
}
