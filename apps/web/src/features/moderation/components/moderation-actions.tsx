import { isRestricted } from '@parlo/contract/account-status';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ModerationAction,
  ModerationActionType,
  ModerationPerson,
} from '@parlo/contract/moderation';
import { Button } from '@/components/ui/button';
import { ActionDialog, type ActionTarget } from '@/features/moderation/components/action-dialog';

type ModerationActionsProps = {
  person: Pick<ModerationPerson, 'id' | 'name' | 'status'>;
  /** The open report these actions answer; dismissing needs one. */
  reportId: string | null;
  onDone: (action: ModerationAction, target: ActionTarget) => void;
};

/** The actions that make sense for this person now, each confirmed in a dialog. */
export function availableActions(
  status: ModerationPerson['status'],
  withReport: boolean,
): ModerationActionType[] {
  const blocked = isRestricted(status);
  const actions: ModerationActionType[] = [];
  if (withReport) actions.push('dismiss');
  actions.push('warn');
  if (status !== 'blocked') actions.push('temporary_block', 'permanent_block');
  if (blocked) actions.push('unblock');
  return actions;
}

const variants: Record<ModerationActionType, 'secondary' | 'danger'> = {
  dismiss: 'secondary',
  warn: 'secondary',
  temporary_block: 'secondary',
  permanent_block: 'danger',
  unblock: 'secondary',
};

export function ModerationActions({ person, reportId, onDone }: ModerationActionsProps) {
  const { t } = useTranslation('moderation');
  const [target, setTarget] = useState<ActionTarget | null>(null);
  const user = { id: person.id, name: person.name };
  return (
    <div role="group" aria-label={t('actions.label', { name: person.name })}>
      <div className="flex flex-wrap gap-2">
        {availableActions(person.status, reportId !== null).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={variants[action]}
            onClick={() => setTarget({ action, user, reportId })}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </div>
      <ActionDialog target={target} onClose={() => setTarget(null)} onDone={onDone} />
    </div>
  );
}
