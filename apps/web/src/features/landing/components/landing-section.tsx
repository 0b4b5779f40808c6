import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Reveal } from '@/components/ui/reveal';
import { SectionHeading } from './section-heading';

type LandingSectionProps = {
  /** The section's texts in the landing namespace: `eyebrow`, `title` and `subtitle` under it. */
  texts: 'how' | 'features' | 'screens' | 'testimonials' | 'languages';
  /** The heading's id, which names the section. */
  titleId: string;
  /** Classes besides the section's vertical padding (its background, for one). */
  className?: string;
  tone?: 'light' | 'dark';
  /** Drawn behind the whole section, which clips it. */
  backdrop?: ReactNode;
  /** An anchor other links jump to. */
  id?: string;
  children: ReactNode;
};

/** A landing section below the hero: its heading fades in first, then its content. */
export function LandingSection({
  texts,
  titleId,
  className = '',
  tone,
  backdrop,
  id,
  children,
}: LandingSectionProps) {
  const { t } = useTranslation('landing');
  // A backdrop is positioned: the section clips it and lifts the content above it.
  const frame = backdrop ? `relative overflow-hidden ${className}` : className;
  const content = `${backdrop ? 'relative ' : ''}mx-auto max-w-6xl px-5 sm:px-8`;

  return (
    <section id={id} aria-labelledby={titleId} className={`${frame} py-20 sm:py-28`.trim()}>
      {backdrop}
      <div className={content}>
        <Reveal>
          <SectionHeading
            id={titleId}
            tone={tone}
            eyebrow={t(`${texts}.eyebrow`)}
            title={t(`${texts}.title`)}
            subtitle={t(`${texts}.subtitle`)}
          />
        </Reveal>
        {children}
      </div>
    </section>
  );
}
