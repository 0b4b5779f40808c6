import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_SUCCESS_VIEW_MS } from '@parlo/contract/constants';
import { CheckIcon } from '@/components/ui/icons';

/** The thanks shown for a moment after a report, before the dialog closes by itself. */
export function ReportSuccess({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('report');
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The form that held the focus is gone: the title takes it, so the thanks is read out.
    titleRef.current?.focus();
    const timer = setTimeout(onDone, REPORT_SUCCESS_VIEW_MS);
    return () => clearTimeout(timer);
  }, [onDone]);

  return (
    <div role="status" className="flex flex-col items-center py-6 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <CheckIcon className="size-6" />
      </span>
      <Dialog.Title
        ref={titleRef}
        tabIndex={-1}
        className="mt-4 text-xl font-bold tracking-tight text-ink outline-none"
      >
        {t('success.title')}
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-sm leading-6 text-stone-600">
        {t('success.text')}
      </Dialog.Description>
    </div>
  );
}
