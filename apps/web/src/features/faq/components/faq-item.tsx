import * as Accordion from '@radix-ui/react-accordion';
import { useTranslation } from 'react-i18next';
import { faqValues, isStringList, MAX_BULLETS, type FaqEntry } from './faq-entries';

function ChevronIcon({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

function BulletAnswer({ id }: { id: FaqEntry['id'] }) {
  const { t } = useTranslation('faq');
  const bullets = t(`items.${id}.bullets`, { returnObjects: true, ...faqValues });

  return (
    <>
      <p>{t(`items.${id}.intro`, faqValues)}</p>
      {isStringList(bullets) && (
        <ul className="mt-4 space-y-2.5">
          {bullets.slice(0, MAX_BULLETS).map((bullet) => (
            <li key={bullet} className="flex gap-3">
              <span
                aria-hidden="true"
                className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-coral-500"
              />
              <span>{bullet}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function FaqItem({ id, kind }: FaqEntry) {
  const { t } = useTranslation('faq');

  return (
    <Accordion.Item
      value={id}
      className="rounded-2xl bg-white ring-1 ring-stone-200 transition-shadow data-[state=open]:shadow-md data-[state=open]:ring-brand-200"
    >
      <Accordion.Header asChild>
        <h2>
          <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-5 text-left text-base font-semibold text-ink hover:text-brand-800 sm:px-7 sm:text-lg">
            <span>{t(`items.${id}.question`)}</span>
            <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 group-data-[state=open]:bg-brand-600 group-data-[state=open]:text-white">
              <ChevronIcon className="h-5 w-5 motion-safe:transition-transform motion-safe:duration-300 group-data-[state=open]:rotate-180" />
            </span>
          </Accordion.Trigger>
        </h2>
      </Accordion.Header>
      <Accordion.Content className="px-5 pb-6 leading-relaxed text-stone-600 sm:px-7">
        {kind === 'answer' ? <p>{t(`items.${id}.answer`, faqValues)}</p> : <BulletAnswer id={id} />}
      </Accordion.Content>
    </Accordion.Item>
  );
}
