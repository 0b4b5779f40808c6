import { useTranslation } from 'react-i18next';
import {
  isLegalItemArray,
  isStringArray,
  sectionAnchor,
  type LegalDocumentKey,
  type LegalItem,
} from '@/features/legal/lib/legal-content';
import { LegalText } from '@/features/legal/components/legal-text';

type LegalSectionProps = { document: LegalDocumentKey; sectionKey: string; number: number };

function Paragraphs({ texts }: { texts: string[] }) {
  return texts.map((text, index) => (
    <p key={index}>
      <LegalText>{text}</LegalText>
    </p>
  ));
}

// A full-width colon (Japanese “：”) already carries its own space; a Latin colon needs one.
function separatorAfter(label: string) {
  return /[\u3000-\u303f\uff00-\uffef]$/.test(label) ? '' : ' ';
}

function ItemList({ items }: { items: LegalItem[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-brand-500">
      {items.map((item, index) => (
        <li key={index} className="pl-1">
          {typeof item === 'string' ? (
            <LegalText>{item}</LegalText>
          ) : (
            <>
              <strong className="font-semibold text-ink">{item.label}</strong>
              {separatorAfter(item.label)}
              <LegalText>{item.text}</LegalText>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One numbered section: a heading, paragraphs, an optional bullet list and closing paragraphs. */
export function LegalSection({ document, sectionKey, number }: LegalSectionProps) {
  const { t } = useTranslation('legal');
  const base = `${document}.sections.${sectionKey}`;
  const id = sectionAnchor(sectionKey);
  const paragraphs: unknown = t(`${base}.paragraphs`, { returnObjects: true });
  const items: unknown = t(`${base}.items`, { returnObjects: true, defaultValue: [] });
  const closing: unknown = t(`${base}.closing`, { returnObjects: true, defaultValue: [] });

  return (
    <section id={id} className="scroll-mt-24">
      <h2 className="flex gap-3 text-xl font-semibold tracking-tight text-ink sm:text-2xl">
        <span className="text-brand-600 tabular-nums">{number}.</span>{' '}
        <span>{t(`${base}.heading`)}</span>
      </h2>
      <div className="mt-4 space-y-4 text-base leading-7 text-stone-700">
        {isStringArray(paragraphs) && <Paragraphs texts={paragraphs} />}
        {isLegalItemArray(items) && items.length > 0 && <ItemList items={items} />}
        {isStringArray(closing) && <Paragraphs texts={closing} />}
      </div>
    </section>
  );
}
