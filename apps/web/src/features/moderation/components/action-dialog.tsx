import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MODERATION_NOTE_MAX_LENGTH,
  TEMPORARY_BLOCK_PRESET_HOURS,
  type ModerationAction,
  type ModerationActionType,
} from '@parlo/contract/moderation';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { useTakeModerationAction } from '@/features/moderation/api/take-moderation-action';
import {
  actionBody,
  validateActionForm,
  type ActionFormErrors,
} from '@/features/moderation/lib/action-form';
import { moderationErrorKey } from '@/features/moderation/lib/moderation-errors';
import { blockLength } from '@/features/moderation/lib/moderation-format';

export type ActionTarget = {
  action: ModerationActionType;
  user: { id: string; name: string };
  /** Set when the action answers a report, which it then closes. */
  reportId: string | null;
};

type ActionDialogProps = {
  /** The action to confirm; null closes the dialog. */
  target: ActionTarget | null;
  onClose: () => void;
  onDone: (action: ModerationAction, target: ActionTarget) => void;
};

const SEVERE: readonly ModerationActionType[] = ['temporary_block', 'permanent_block'];

/**
 * The confirmation of one moderation action, with its note and, for a temporary block, its
 * length. Closing unmounts the form, so each opening starts empty.
 */
export function ActionDialog({ target, onClose, onDone }: ActionDialogProps) {
  const { t } = useTranslation('moderation');
  return (
    <Dialog.Root open={target !== null} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          {target && (
            <ActionForm
              key={`${target.action}:${target.user.id}:${target.reportId}`}
              target={target}
              onDone={(action) => {
                onDone(action, target);
                onClose();
              }}
            />
          )}
          <Dialog.Close
            aria-label={t('dialog.close')}
            className="absolute top-4 right-4 rounded-full p-1.5 text-stone-500 hover:bg-stone-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type ActionFormProps = { target: ActionTarget; onDone: (action: ModerationAction) => void };

function ActionForm({ target, onDone }: ActionFormProps) {
  const { t } = useTranslation('moderation');
  const { action, user, reportId } = target;
  const [note, setNote] = useState('');
  const [durationHours, setDurationHours] = useState<number | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const mutation = useTakeModerationAction(onDone);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const durationRef = useRef<HTMLDivElement>(null);
  const ids = {
    radio: useId(),
    legend: useId(),
    durationError: useId(),
    note: useId(),
    noteHint: useId(),
    noteError: useId(),
  };
  const values = { action, note, durationHours, reportId };
  const errors: ActionFormErrors = showErrors ? validateActionForm(values) : {};
  const noteRequired = action === 'warn';

  function submit() {
    const found = validateActionForm(values);
    if (found.duration || found.note) {
      setShowErrors(true);
      if (found.duration) durationRef.current?.querySelector('input')?.focus();
      else noteRef.current?.focus();
      return;
    }
    mutation.mutate({ userId: user.id, body: actionBody(values) });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!mutation.isPending) submit();
      }}
    >
      <Dialog.Title className="pr-10 text-xl font-bold tracking-tight text-ink">
        {t(`dialog.title.${action}`, { name: user.name })}
      </Dialog.Title>
      <Dialog.Description className="mt-1 text-sm leading-6 text-stone-600">
        {t(`dialog.description.${action}`, { name: user.name })}
      </Dialog.Description>

      {action === 'temporary_block' && (
        <div
          ref={durationRef}
          role="radiogroup"
          aria-labelledby={ids.legend}
          aria-required="true"
          aria-invalid={errors.duration ? true : undefined}
          aria-describedby={errors.duration ? ids.durationError : undefined}
          className="mt-5"
        >
          <p id={ids.legend} className="text-sm font-semibold text-ink">
            {t('dialog.duration_legend')}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {TEMPORARY_BLOCK_PRESET_HOURS.map((hours) => {
              const length = blockLength(hours);
              const checked = durationHours === hours;
              return (
                <label
                  key={hours}
                  className={`flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                    checked
                      ? 'border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600'
                      : 'border-stone-200 text-ink hover:border-stone-300 hover:bg-stone-50'
                  }`}
                >
                  <input
                    type="radio"
                    name={ids.radio}
                    value={hours}
                    checked={checked}
                    onChange={() => setDurationHours(hours)}
                    className="size-4 shrink-0 accent-brand-600"
                  />
                  {t(`dialog.${length.unit}`, { count: length.count })}
                </label>
              );
            })}
          </div>
          {errors.duration && (
            <p id={ids.durationError} className="mt-2 text-sm font-medium text-red-700">
              {t(`dialog.errors.${errors.duration}`)}
            </p>
          )}
        </div>
      )}

      <div className="mt-5">
        <label htmlFor={ids.note} className="text-sm font-semibold text-ink">
          {t('dialog.note')}
        </label>
        <p id={ids.noteHint} className="mt-0.5 text-xs leading-5 text-stone-600">
          {noteRequired
            ? t('dialog.note_hint_warn', { name: user.name })
            : t('dialog.note_hint_optional')}
        </p>
        <textarea
          ref={noteRef}
          id={ids.note}
          rows={3}
          value={note}
          required={noteRequired}
          maxLength={MODERATION_NOTE_MAX_LENGTH}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${ids.noteHint} ${ids.noteError}` : ids.noteHint}
          className="mt-2 w-full resize-y rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-stone-400 focus:border-brand-600 focus:outline-none aria-invalid:border-red-600"
        />
        {errors.note && (
          <p id={ids.noteError} className="mt-1 text-sm font-medium text-red-700">
            {t(`dialog.errors.${errors.note}`, { max: MODERATION_NOTE_MAX_LENGTH })}
          </p>
        )}
      </div>

      {mutation.isError && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(`errors.${moderationErrorKey(mutation.error)}`)}
        </p>
      )}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">{t('dialog.cancel')}</Button>
        </Dialog.Close>
        <Button
          type="submit"
          variant={SEVERE.includes(action) ? 'danger' : 'primary'}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
        >
          {mutation.isPending ? t('dialog.saving') : t(`dialog.confirm.${action}`)}
        </Button>
      </div>
    </form>
  );
}
