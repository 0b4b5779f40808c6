import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUCCESS_NOTICE_MS } from '@parlo/contract/constants';
import { SAFETY_ADULT_AGE } from '@parlo/contract/safety-settings';
import type { User } from '@parlo/contract/users';
import { SwitchField } from '@/components/ui/switch-field';
import {
  getSafetySettings,
  safetySettingsQueryKey,
  updateSafetySettings,
} from '@/lib/safety-settings';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { StatusMessage } from '@/features/settings/components/status-message';
import { useTimedNotice } from '@/features/settings/hooks/use-timed-notice';

/**
 * "Reveal together" (issue 18): the partner's video starts blurred until both tap Reveal. Saved
 * on the account at once; shown on and locked for 16–17-year-olds, for whom it always applies.
 */
export function SafetySection({ user }: { user: User }) {
  const { t } = useTranslation('safety');
  const client = useQueryClient();
  const settings = useQuery({ queryKey: safetySettingsQueryKey, queryFn: getSafetySettings });
  const saved = useTimedNotice(SUCCESS_NOTICE_MS);
  const save = useMutation({
    mutationFn: updateSafetySettings,
    onSuccess: (next) => {
      client.setQueryData(safetySettingsQueryKey, next);
      saved.show(t('settings.saved'));
    },
  });
  const age = user.profile?.age;
  const minor = age === undefined || age < SAFETY_ADULT_AGE;
  const checked =
    minor || (save.variables?.revealTogether ?? settings.data?.revealTogether ?? false);

  return (
    <SettingsCard
      title={t('settings.title')}
      description={minor ? t('settings.reveal_minor') : undefined}
    >
      <SwitchField
        title={t('settings.reveal_label')}
        description={t('settings.reveal_body')}
        checked={checked}
        disabled={minor || !settings.data || save.isPending}
        onCheckedChange={(revealTogether) => save.mutate({ revealTogether })}
      />
      <div className="mt-3 space-y-2" aria-live="polite">
        <StatusMessage tone="error" message={save.isError ? t('settings.failed') : null} />
        <StatusMessage tone="success" message={saved.message} />
      </div>
    </SettingsCard>
  );
}
