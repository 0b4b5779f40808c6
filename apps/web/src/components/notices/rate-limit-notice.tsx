import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { HourglassIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';

type RateLimitNoticeProps = {
  open: boolean;
  onDismiss: () => void;
  onRetry: () => void;
};

/** Full-screen and modal: nothing behind it would work until the limit passes. */
export function RateLimitNotice({ open, onDismiss, onRetry }: RateLimitNoticeProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-paper" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col items-center justify-center overflow-y-auto px-6 py-12 text-center focus:outline-none">
          <Logo name={t('brand.name')} className="h-9 w-auto text-ink" />
          <div className="mt-12 flex size-16 items-center justify-center rounded-2xl bg-coral-100 text-coral-600">
            <HourglassIcon className="size-8" />
          </div>
          <Dialog.Title className="mt-6 max-w-md text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {t('notices.rate_limit.title')}
          </Dialog.Title>
          <Dialog.Description className="mt-3 max-w-md text-base leading-7 text-pretty text-stone-600">
            {t('notices.rate_limit.description')}
          </Dialog.Description>
          <p className="mt-2 max-w-md text-sm text-stone-500">{t('notices.rate_limit.fairness')}</p>
          <Button size="lg" className="mt-8" onClick={onRetry}>
            {t('notices.rate_limit.retry')}
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
