import { useTranslation } from 'react-i18next';
import luciaUrl from '@/assets/marketing/avatar-lucia.svg';
import jiwooUrl from '@/assets/marketing/avatar-jiwoo.svg';
import rafaelUrl from '@/assets/marketing/avatar-rafael.svg';
import yukiUrl from '@/assets/marketing/avatar-yuki.svg';
import { Reveal, type RevealDelay } from '@/components/ui/reveal';
import { QuoteIcon } from '@/components/marketing/marketing-icons';
import { LandingSection } from './landing-section';

type Testimonial = {
  key: 'lucia' | 'jiwoo' | 'rafael' | 'yuki';
  photo: string;
  delay: RevealDelay;
};

const testimonials: Testimonial[] = [
  { key: 'lucia', photo: luciaUrl, delay: 0 },
  { key: 'jiwoo', photo: jiwooUrl, delay: 150 },
  { key: 'rafael', photo: rafaelUrl, delay: 300 },
  { key: 'yuki', photo: yukiUrl, delay: 450 },
];

export function TestimonialsSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection texts="testimonials" titleId="testimonials-title">
      <ul className="mt-14 grid gap-6 md:grid-cols-2">
        {testimonials.map(({ key, photo, delay }) => (
          <li key={key}>
            <Reveal delay={delay} className="h-full">
              <figure className="flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-stone-200/80 sm:p-9">
                <QuoteIcon className="h-6 w-8 text-coral-300" />
                <blockquote className="mt-5 flex-1 text-lg leading-relaxed text-pretty text-ink">
                  <p>{t(`testimonials.items.${key}.quote`)}</p>
                </blockquote>
                <figcaption className="mt-7 flex items-center gap-4">
                  <img
                    src={photo}
                    alt={t(`testimonials.items.${key}.alt`)}
                    width={56}
                    height={56}
                    className="h-14 w-14 rounded-full ring-4 ring-brand-50"
                  />
                  <div>
                    <p className="font-bold text-ink">{t(`testimonials.items.${key}.name`)}</p>
                    <p className="text-sm text-stone-600">
                      {t(`testimonials.items.${key}.country`)}
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
