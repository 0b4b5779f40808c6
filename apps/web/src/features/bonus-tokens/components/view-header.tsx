import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon, CloseIcon } from '@/components/ui/icons';

type ViewHeaderProps = {
  title: string;
  icon?: ReactNode;
  onBack?: () => void;
  /** The view replaced another one: move the focus to its title so it is read out. */
  focusTitle?: boolean;
};

/** Title row of each view of the bonus-token dialog, with Back and a close button. */
export function ViewHeader({ title, icon, onBack, focusTitle = false }: ViewHeaderProps) {
  const { t } = useTranslation('tokens');
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <div className="flex items-start gap-2">
      {onBack && (
        <button
          type="button"
          onClick={onBack}
          aria-label={t('bonus.back')}
          className="-ml-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ArrowLeftIcon className="size-5" />
        </button>
      )}
      {icon && (
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
      )}
      <Dialog.Title
        ref={titleRef}
        tabIndex={-1}
        className="min-w-0 flex-1 pt-1 text-xl font-bold tracking-tight text-ink outline-none"
      >
        {title}
      </Dialog.Title>
      <Dialog.Close
        aria-label={t('bonus.close_dialog')}
        className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <CloseIcon className="size-5" />
      </Dialog.Close>
    </div>
  );
}
