import { useTranslation } from 'react-i18next';
import type { User } from '@parlo/contract/users';
import { SettingsCard } from '@/features/settings/components/settings-card';

const statusDotClasses: Record<User['status'], string> = {
  active: 'bg-emerald-500',
  unverified: 'bg-amber-400',
  temporarily_blocked: 'bg-coral-500',
  blocked: 'bg-red-600',
};

export function AccountSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard title={t('general.account.title')}>
      <dl className="divide-y divide-stone-100 text-sm">
        <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
          <dt className="text-stone-600">{t('general.account.status')}</dt>
          <dd className="flex items-center gap-2 font-medium text-ink">
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${statusDotClasses[user.status]}`}
            />
            {t(`general.account.statuses.${user.status}`)}
          </dd>
        </div>
        <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
          <dt className="text-stone-600">{t('general.account.username')}</dt>
          <dd className="min-w-0 sm:text-right">
            <span className="block truncate font-medium text-ink">{user.username}</span>
            <span className="block text-xs text-stone-500">
              {t(`general.account.providers.${user.provider}`)}
            </span>
          </dd>
        </div>
      </dl>
    </SettingsCard>
  );
}
