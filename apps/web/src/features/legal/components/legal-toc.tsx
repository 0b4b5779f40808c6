import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSection } from '@/features/legal/hooks/use-active-section';
import { sectionAnchor, type LegalDocumentKey } from '@/features/legal/lib/legal-content';

type LegalTocProps = { document: LegalDocumentKey; sections: readonly string[] };

/** Sticky contents list on wide screens; a collapsible card above the text on phones. */
export function LegalToc({ document, sections }: LegalTocProps) {
  const { t } = useTranslation('legal');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const headingId = useId();
  const anchors = useMemo(() => sections.map(sectionAnchor), [sections]);
  const activeId = useActiveSection(anchors);

  return (
    <nav
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 lg:sticky lg:top-24 lg:max-h-[calc(100vh-8rem)] lg:overflow-y-auto lg:bg-transparent lg:p-0 lg:pl-1 lg:ring-0"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-sm font-semibold text-ink">
          {t('common.contents')}
        </h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="rounded-full px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 lg:hidden"
        >
          {open ? t('common.hide_contents') : t('common.show_contents')}
        </button>
      </div>
      <ol
        id={listId}
        className={`mt-3 space-y-0.5 border-stone-200 text-sm lg:block lg:border-l ${open ? 'block' : 'hidden'}`}
      >
        {sections.map((sectionKey, index) => {
          const anchor = sectionAnchor(sectionKey);
          const active = anchor === activeId;
          return (
            <li key={sectionKey}>
              <a
                href={`#${anchor}`}
                aria-current={active ? 'location' : undefined}
                onClick={() => setOpen(false)}
                className={`-ml-px flex gap-2 rounded-r-lg border-l-2 py-1.5 pr-2 pl-3 leading-snug transition-colors ${
                  active
                    ? 'border-brand-600 bg-brand-50 font-medium text-brand-800'
                    : 'border-transparent text-stone-600 hover:border-stone-400 hover:text-ink'
                }`}
              >
                <span className="w-6 shrink-0 text-right tabular-nums">{index + 1}.</span>{' '}
                <span>{t(`${document}.sections.${sectionKey}.heading`)}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
