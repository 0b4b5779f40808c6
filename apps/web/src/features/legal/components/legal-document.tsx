import { Trans, useTranslation } from 'react-i18next';
import { LEGAL_LAST_UPDATED } from '@parlo/contract/constants';
import { ButtonLink } from '@/components/ui/button';
import { LegalSection } from '@/features/legal/components/legal-section';
import { LegalText } from '@/features/legal/components/legal-text';
import { LegalToc } from '@/features/legal/components/legal-toc';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  formatLegalDate,
  isStringArray,
  LEGAL_SECTIONS,
  type LegalDocumentKey,
} from '@/features/legal/lib/legal-content';

type LegalDocumentProps = {
  document: LegalDocumentKey;
  /** The companion document the closing button leads to. */
  crossLinkTo: string;
};

/** A legal page read from the `legal` namespace: title, date, contents, numbered sections. */
export function LegalDocument({ document, crossLinkTo }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const sections = LEGAL_SECTIONS[document];
  const intro: unknown = t(`${document}.intro`, { returnObjects: true });
  useDocumentTitle(t(`${document}.meta_title`));

  // Korean wraps between words (keep-all); Japanese has no spaces and must keep breaking anywhere.
  return (
    <div className="mx-auto w-full max-w-6xl break-words px-4 [&:lang(ko)]:break-keep py-10 sm:px-6 sm:py-14 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-x-14 lg:px-8 lg:py-16">
      <header className="max-w-[70ch] lg:col-start-2">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {t('common.eyebrow')}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
          {t(`${document}.title`)}
        </h1>
        <p className="mt-3 text-sm text-stone-600">
          <Trans
            t={t}
            i18nKey="common.last_updated"
            values={{ date: formatLegalDate(i18n.resolvedLanguage) }}
            components={{ time: <time dateTime={LEGAL_LAST_UPDATED} /> }}
          />
        </p>
        {isStringArray(intro) && (
          <div className="mt-6 space-y-4 text-base leading-7 text-stone-700 sm:text-lg sm:leading-8">
            {intro.map((text, index) => (
              <p key={index}>
                <LegalText>{text}</LegalText>
              </p>
            ))}
          </div>
        )}
      </header>

      <div className="mt-8 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0">
        <LegalToc document={document} sections={sections} />
      </div>

      <div className="mt-10 max-w-[70ch] space-y-12 lg:col-start-2 lg:mt-12">
        {sections.map((sectionKey, index) => (
          <LegalSection
            key={sectionKey}
            document={document}
            sectionKey={sectionKey}
            number={index + 1}
          />
        ))}

        <div className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:flex sm:items-center sm:justify-between sm:gap-6">
          <p className="text-base leading-7 text-brand-900">{t(`${document}.cross_link.text`)}</p>
          <ButtonLink to={crossLinkTo} className="mt-4 shrink-0 sm:mt-0">
            {t(`${document}.cross_link.button`)}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
