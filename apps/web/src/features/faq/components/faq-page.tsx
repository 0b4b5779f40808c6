import * as Accordion from '@radix-ui/react-accordion';
import { Trans, useTranslation } from 'react-i18next';
import { Reveal } from '@/components/ui/reveal';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FaqCta } from './faq-cta';
import { faqEntries, SUPPORT_EMAIL } from './faq-entries';
import { FaqItem } from './faq-item';

export function FaqPage() {
  const { t } = useTranslation('faq');

  useDocumentTitle(t('page_title'));

  return (
    <div className="relative overflow-x-clip [&:lang(ja)]:[word-break:auto-phrase] [&:lang(ko)]:break-keep">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-linear-to-b from-brand-50 to-paper"
      />
      <section aria-labelledby="faq-title" className="relative">
        <div className="mx-auto max-w-3xl px-5 pt-16 pb-10 text-center sm:px-8 sm:pt-24">
          <Reveal>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {t('header.eyebrow')}
            </p>
          </Reveal>
          <Reveal delay={150}>
            <h1
              id="faq-title"
              className="mt-3 text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl"
            >
              {t('header.title')}
            </h1>
          </Reveal>
          <Reveal delay={300}>
            <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-stone-600">
              <Trans
                t={t}
                i18nKey="header.subtitle"
                components={{
                  email: (
                    <a
                      href={`mailto:${SUPPORT_EMAIL}`}
                      className="font-semibold text-brand-700 underline decoration-brand-300 underline-offset-4 hover:text-brand-800"
                    />
                  ),
                }}
              />
            </p>
          </Reveal>
        </div>

        <Reveal delay={450}>
          <div className="mx-auto max-w-3xl px-5 pb-8 sm:px-8">
            <Accordion.Root
              type="single"
              collapsible
              defaultValue={faqEntries[0]?.id}
              aria-label={t('list_label')}
              className="space-y-3"
            >
              {faqEntries.map((entry) => (
                <FaqItem key={entry.id} {...entry} />
              ))}
            </Accordion.Root>
          </div>
        </Reveal>
      </section>

      <FaqCta />
    </div>
  );
}
