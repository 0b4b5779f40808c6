import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDeleteAccount } from '@/features/settings/api/delete-account';
import { ConfirmDialog } from '@/features/settings/components/confirm-dialog';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { StatusMessage } from '@/features/settings/components/status-message';
import { forgetThisDevice } from '@/lib/pocket/forget-device';
import { clearLocalSessionAndLeave } from '@/features/settings/lib/clear-local-session';

type DeleteAccountSectionProps = {
  /**
   * What happens once the account is gone; by default this device forgets the account's phrase
   * pocket, the local session ends and the confirmation page loads.
   */
  onDeleted?: () => void;
};

export function DeleteAccountSection({
  onDeleted = () => void forgetThisDevice().finally(() => clearLocalSessionAndLeave()),
}: DeleteAccountSectionProps) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const deletion = useDeleteAccount();

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setUnderstood(false);
      deletion.reset();
    }
  }

  return (
    <SettingsCard
      tone="danger"
      title={t('general.delete.title')}
      description={t('general.delete.description')}
    >
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {t('general.delete.open')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={changeOpen}
        title={t('general.delete.dialog_title')}
        description={t('general.delete.dialog_description')}
        confirmLabel={
          deletion.isPending ? t('general.delete.deleting') : t('general.delete.confirm')
        }
        cancelLabel={t('general.delete.cancel')}
        confirmDisabled={!understood}
        busy={deletion.isPending}
        onConfirm={() => deletion.mutate(undefined, { onSuccess: onDeleted })}
      >
        <label className="flex items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-red-600"
          />
          {t('general.delete.confirm_label')}
        </label>
        <StatusMessage
          tone="error"
          message={deletion.isError ? t('general.delete.failed') : null}
        />
      </ConfirmDialog>
    </SettingsCard>
  );
}
