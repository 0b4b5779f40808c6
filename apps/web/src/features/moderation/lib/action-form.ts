import {
  MODERATION_NOTE_MAX_LENGTH,
  type ModerationActionInput,
  type ModerationActionType,
} from '@parlo/contract/moderation';

export type ActionFormValues = {
  action: ModerationActionType;
  note: string;
  /** Only for a temporary block; null until a length is chosen. */
  durationHours: number | null;
  /** The report the action answers, when taken from the queue. */
  reportId: string | null;
};

/** Each rule broken, as the i18n key (under moderation `action.errors`) of its message. */
export type ActionFormErrors = Partial<Record<'note' | 'duration', string>>;

/** The rules of the contract's action body, checked before sending so the dialog can say which. */
export function validateActionForm(values: ActionFormValues): ActionFormErrors {
  const errors: ActionFormErrors = {};
  const note = values.note.trim();
  if (values.action === 'warn' && !note) errors.note = 'note_required';
  else if (note.length > MODERATION_NOTE_MAX_LENGTH) errors.note = 'note_too_long';
  if (values.action === 'temporary_block' && values.durationHours === null) {
    errors.duration = 'duration_required';
  }
  return errors;
}

export function actionBody(values: ActionFormValues): ModerationActionInput {
  const note = values.note.trim();
  return {
    action: values.action,
    ...(note ? { reason: note } : {}),
    ...(values.action === 'temporary_block' && values.durationHours !== null
      ? { durationHours: values.durationHours }
      : {}),
    ...(values.reportId ? { reportId: values.reportId } : {}),
  };
}
