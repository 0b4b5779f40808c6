import { useTranslation } from 'react-i18next';
import findPartnerUrl from '@/assets/marketing/screen-find-partner.svg';
import videoCallUrl from '@/assets/marketing/screen-video-call.svg';
import promptsUrl from '@/assets/marketing/screen-conversation-prompts.svg';
import sessionEndedUrl from '@/assets/marketing/screen-session-ended.svg';
import { Reveal, type RevealDelay } from '@/components/ui/reveal';
import { LandingSection } from './landing-section';

type Screen = {
  key: 'find_partner' | 'video_call' | 'prompts' | 'session_ended';
  src: string;
  delay: RevealDelay;
};

const screens: Screen[] = [
  { key: 'find_partner', src: findPartnerUrl, delay: 0 },
  { key: 'video_call', src: videoCallUrl, delay: 150 },
  { key: 'prompts', src: promptsUrl, delay: 300 },
  { key: 'session_ended', src: sessionEndedUrl, delay: 450 },
];

export function ScreensSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection
      texts="screens"
      titleId="screens-title"
      tone="dark"
      className="bg-brand-900"
      backdrop={
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-brand-700 opacity-40 blur-3xl"
        />
      }
    >
      <ul className="mt-14 grid gap-x-8 gap-y-12 md:grid-cols-2">
        {screens.map(({ key, src, delay }, index) => (
          <li key={key}>
            <Reveal delay={delay}>
              <figure>
                <div className="rounded-[1.75rem] bg-white/5 p-2 ring-1 ring-white/10 sm:p-3">
                  <img
                    src={src}
                    alt={t(`screens.items.${key}.alt`)}
                    width={640}
                    height={480}
                    decoding="async"
                    className="h-auto w-full rounded-[1.25rem] shadow-2xl shadow-black/30"
                  />
                </div>
                <figcaption className="mt-6 flex gap-4 px-1">
                  <span
                    aria-hidden="true"
                    className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-coral-400 text-sm font-bold text-ink"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="text-xl font-bold text-white">
                      {t(`screens.items.${key}.title`)}
                    </h3>
                    <p className="mt-2 leading-relaxed text-brand-100">
                      {t(`screens.items.${key}.text`)}
                    </p>
                  </div>
                </figcaption>
              </figure>
            </Reveal>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
