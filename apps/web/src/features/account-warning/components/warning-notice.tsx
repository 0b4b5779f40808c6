import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountWarning } from '@parlo/contract/warnings';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { isApiError } from '@/lib/api-client';
import { useAcknowledgeAccountWarning } from '@/features/account-warning/api/acknowledge-account-warning';
import { useAccountWarnings } from '@/features/account-warning/api/get-account-warnings';

const TERMS_PATH = '/legal/terms';

/**
 * A moderator's warning, shown to the warned member one at a time, oldest first, until they
 * acknowledge it. Nothing else closes it: no Escape, no click outside, no close button.
 */
export function WarningNotice() {
  const { data: warnings } = useAccountWarnings();
  const warning = warnings?.[0];
  if (!warning) return null;
  return (
    // Its texts are fetched only once there is a warning to show; never the app-wide fallback.
    <Suspense fallback={null}>
      <WarningDialog warning={warning} />
    </Suspense>
  );
}

function formatIssuedAt(issuedAt: string, language: string) {
  const date = new Date(issuedAt);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

function WarningDialog({ warning }: { warning: AccountWarning }) {
  const { t, i18n } = useTranslation('account-warning');
  const acknowledge = useAcknowledgeAccountWarning();
  const contentRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const shownId = useRef(warning.id);
  const issuedOn = formatIssuedAt(warning.issuedAt, i18n.resolvedLanguage ?? 'en');
  const pending = acknowledge.isPending;
  const failed = acknowledge.isError && acknowledge.variables === warning.id;

  // The next warning takes the place of the one acknowledged: the dialog is announced afresh.
  useEffect(() => {
    if (shownId.current === warning.id) return;
    shownId.current = warning.id;
    contentRef.current?.focus();
  }, [warning.id]);

  return (
    // Controlled, with no onOpenChange: Escape and a click outside cannot close it.
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          ref={contentRef}
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            buttonRef.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6"
        >
          <div className="flex size-12 items-center justify-center rounded-xl bg-coral-100 text-coral-600">
            <AlertIcon className="size-6" />
          </div>
          <Dialog.Title className="mt-4 text-xl font-bold tracking-tight text-ink">
            {t('title')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm leading-6 text-stone-600">
            {t('description')}
          </Dialog.Description>

          <figure className="mt-4 rounded-xl border-l-4 border-coral-400 bg-stone-50 px-4 py-3">
            <blockquote className="text-sm leading-6 break-words whitespace-pre-wrap text-ink">
              {warning.reason}
            </blockquote>
            {issuedOn && (
              <figcaption className="mt-2 text-xs text-stone-500">
                <time dateTime={warning.issuedAt}>{t('issued_on', { date: issuedOn })}</time>
              </figcaption>
            )}
          </figure>

          <p className="mt-4 text-sm leading-6 text-stone-600">
            <Trans
              t={t}
              i18nKey="consequences"
              components={{
                terms: (
                  <Link
                    to={TERMS_PATH}
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  />
                ),
              }}
            />
          </p>

          {failed && (
            <p role="alert" className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
              {isApiError(acknowledge.error) && acknowledge.error.kind !== 'http'
                ? t('errors.network')
                : t('errors.failed')}
            </p>
          )}

          <div className="mt-6 flex flex-col sm:flex-row sm:justify-end">
            {/* aria-disabled rather than disabled keeps the focus on the button while it waits. */}
            <Button
              ref={buttonRef}
              aria-disabled={pending}
              aria-busy={pending}
              onClick={() => {
                if (!pending) acknowledge.mutate(warning.id);
              }}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            >
              {pending ? t('acknowledging') : t('acknowledge')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
