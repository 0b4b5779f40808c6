import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import type { ReportTarget } from '@/lib/session/report-dialog-store';
import { ReportForm } from '@/features/report/components/report-form';
import { ReportSuccess } from '@/features/report/components/report-success';

export type ReportDialogProps = {
  /** The user and session to report; null closes the dialog. */
  target: ReportTarget | null;
  onClose: () => void;
};

/**
 * The report-user modal of spec §2 and §4. Closing unmounts its content, so every opening
 * starts from an empty form.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <Suspense fallback={null}>
            {target && (
              <ReportContent
                key={`${target.sessionId}:${target.reportedUserId}`}
                target={target}
                onClose={onClose}
              />
            )}
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportContent({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation('report');
  const [submitted, setSubmitted] = useState(false);
  return (
    <>
      {submitted ? (
        <ReportSuccess onDone={onClose} />
      ) : (
        <ReportForm target={target} onSubmitted={() => setSubmitted(true)} />
      )}
      {/* Last in the tab order, so opening the dialog focuses the first reason. */}
      <Dialog.Close
        aria-label={t('close')}
        className="absolute top-4 right-4 rounded-full p-1.5 text-stone-500 hover:bg-stone-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <CloseIcon className="size-5" />
      </Dialog.Close>
    </>
  );
}
