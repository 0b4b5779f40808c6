import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPORT_COMMENT_MAX_LENGTH,
  REPORT_REASONS,
  REPORTS_PER_DAY,
  type ReportReason,
} from '@parlo/contract/constants';
import { Button } from '@/components/ui/button';
import type { ReportTarget } from '@/lib/session/report-dialog-store';
import { useCreateReport } from '@/features/report/api/create-report';
import { reportError } from '@/features/report/lib/report-errors';

/** The counter appears once the details come near the cap. */
const COUNTER_FROM = REPORT_COMMENT_MAX_LENGTH - 200;

type ReportFormProps = { target: ReportTarget; onSubmitted: () => void };

/** Reason (required) and optional details of a report (spec §3 Report, §4 Report modal). */
export function ReportForm({ target, onSubmitted }: ReportFormProps) {
  const { t } = useTranslation('report');
  const [reason, setReason] = useState<ReportReason | null>(target.reason ?? null);
  const [details, setDetails] = useState('');
  const report = useCreateReport();
  const ids = {
    name: useId(),
    legend: useId(),
    details: useId(),
    hint: useId(),
    counter: useId(),
  };
  const comment = details.trim();
  const tooLong = comment.length > REPORT_COMMENT_MAX_LENGTH;
  const showCounter = comment.length > COUNTER_FROM;
  const canSubmit = reason !== null && !tooLong && !report.isPending;

  const submit = () => {
    if (!canSubmit) return;
    report.mutate(
      {
        reportedUserId: target.reportedUserId,
        sessionId: target.sessionId,
        reason,
        comment: comment || null,
        ...(target.frameFlagId ? { frameFlagId: target.frameFlagId } : {}),
      },
      { onSuccess: () => onSubmitted() },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Dialog.Title className="pr-10 text-xl font-bold tracking-tight text-ink">
        {t('title')}
      </Dialog.Title>
      <Dialog.Description className="mt-1 text-sm leading-6 text-stone-600">
        {t('description')}
      </Dialog.Description>

      <div role="radiogroup" aria-labelledby={ids.legend} aria-required="true" className="mt-5">
        <p id={ids.legend} className="text-sm font-semibold text-ink">
          {t('reason.legend')}
        </p>
        <div className="mt-2 grid gap-2">
          {REPORT_REASONS.map((option) => (
            <label
              key={option}
              className={`flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                reason === option
                  ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600'
                  : 'border-stone-200 hover:border-stone-300 hover:bg-stone-50'
              }`}
            >
              <input
                type="radio"
                name={ids.name}
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
                aria-labelledby={`${ids.name}-${option}`}
                aria-describedby={`${ids.name}-${option}-hint`}
                className="mt-1 size-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0">
                <span id={`${ids.name}-${option}`} className="block text-sm font-semibold text-ink">
                  {t(`reason.${option}.label`)}
                </span>
                <span
                  id={`${ids.name}-${option}-hint`}
                  className="mt-0.5 block text-xs leading-5 text-stone-600"
                >
                  {t(`reason.${option}.hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </div>

      <div className="mt-5">
        <label htmlFor={ids.details} className="text-sm font-semibold text-ink">
          {t('details.label')}
        </label>
        <p id={ids.hint} className="mt-0.5 text-xs leading-5 text-stone-600">
          {t('details.hint')}
        </p>
        <textarea
          id={ids.details}
          rows={4}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          aria-describedby={showCounter ? `${ids.hint} ${ids.counter}` : ids.hint}
          aria-invalid={tooLong || undefined}
          className="mt-2 w-full resize-y rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-stone-400 focus:border-brand-600 focus:outline-none"
        />
        {showCounter && (
          <p
            id={ids.counter}
            className={`mt-1 text-right text-xs ${tooLong ? 'font-semibold text-red-700' : 'text-stone-500'}`}
          >
            {t('details.counter', { length: comment.length, max: REPORT_COMMENT_MAX_LENGTH })}
            {tooLong && (
              <span className="sr-only">
                {' '}
                {t('details.too_long', { max: REPORT_COMMENT_MAX_LENGTH })}
              </span>
            )}
          </p>
        )}
      </div>

      {report.isError && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          <ErrorText error={report.error} />
        </p>
      )}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">{t('cancel')}</Button>
        </Dialog.Close>
        <Button type="submit" variant="danger" disabled={!canSubmit} aria-busy={report.isPending}>
          {report.isPending ? t('submitting') : t('submit')}
        </Button>
      </div>
    </form>
  );
}

function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('report');
  const refused = reportError(error);
  if (refused.kind === 'limit_reached') return t('errors.limit_reached', { max: REPORTS_PER_DAY });
  if (refused.kind === 'server') return refused.message;
  return t('errors.failed');
}
