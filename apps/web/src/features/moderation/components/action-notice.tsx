import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModerationAction } from '@parlo/contract/moderation';
import { CheckIcon } from '@/components/ui/icons';
import type { ActionTarget } from '@/features/moderation/components/action-dialog';

/** The last action's confirmation, kept by the page: the item it came from may leave the list. */
export function useActionNotice() {
  const { t, i18n } = useTranslation('moderation');
  const [notice, setNotice] = useState<string | null>(null);
  const announce = useCallback(
    (action: ModerationAction, target: ActionTarget) => {
      const date = action.blockedUntil
        ? new Intl.DateTimeFormat(i18n.resolvedLanguage, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }).format(new Date(action.blockedUntil))
        : '';
      setNotice(t(`done.${action.action}`, { name: target.user.name, date }));
    },
    [t, i18n.resolvedLanguage],
  );
  return { notice, announce };
}

/** A polite live region, present from the start so screen readers announce what appears in it. */
export function ActionNotice({ notice }: { notice: string | null }) {
  return (
    <div role="status" className="empty:hidden">
      {notice && (
        <p className="mt-6 flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          <CheckIcon className="size-4 shrink-0" />
          {notice}
        </p>
      )}
    </div>
  );
}
