import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIE_RESET_NOTICE_MS, SUCCESS_NOTICE_MS } from '@parlo/contract/constants';
import { CookieCategorySwitches } from '@/components/forms/cookie-category-switches';
import { Button } from '@/components/ui/button';
import { useCookiePreferences, type CookieChoices } from '@/lib/cookie-preferences';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { StatusMessage } from '@/features/settings/components/status-message';
import { useTimedNotice } from '@/features/settings/hooks/use-timed-notice';

export function CookiePreferencesSection() {
  const { t } = useTranslation('settings');
  const stored = useCookiePreferences();
  const [choices, setChoices] = useState<CookieChoices>({
    analytics: stored.analytics,
    marketing: stored.marketing,
  });
  const [error, setError] = useState<string | null>(null);
  const saved = useTimedNotice(SUCCESS_NOTICE_MS);
  const resetNotice = useTimedNotice(COOKIE_RESET_NOTICE_MS);

  function save() {
    setError(null);
    resetNotice.clear();
    try {
      stored.save(choices);
      saved.show(t('general.cookies.saved'));
    } catch {
      // localStorage refuses writes when full or disabled.
      saved.clear();
      setError(t('general.cookies.save_failed'));
    }
  }

  function reset() {
    setError(null);
    saved.clear();
    stored.reset();
    const { analytics, marketing } = useCookiePreferences.getState();
    setChoices({ analytics, marketing });
    resetNotice.show(t('general.cookies.reset_done'));
  }

  return (
    <SettingsCard title={t('general.cookies.title')} description={t('general.cookies.description')}>
      <CookieCategorySwitches
        choices={choices}
        onChange={setChoices}
        texts={{ namespace: 'settings', keyPrefix: 'general.cookies' }}
        className="divide-y divide-stone-100"
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={save}>
          {t('general.cookies.save')}
        </Button>
        <Button size="sm" variant="secondary" onClick={reset}>
          {t('general.cookies.reset')}
        </Button>
      </div>
      <div className="mt-3 space-y-2" aria-live="polite">
        <StatusMessage tone="error" message={error} />
        <StatusMessage tone="success" message={saved.message ?? resetNotice.message} />
      </div>
    </SettingsCard>
  );
}
