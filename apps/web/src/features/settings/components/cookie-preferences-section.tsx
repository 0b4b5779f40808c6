import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIE_RESET_NOTICE_MS, SUCCESS_NOTICE_MS } from '@parlo/contract/constants';
import { Button } from '@/components/ui/button';
import { useCookiePreferences } from '@/lib/cookie-preferences';
import { SwitchField } from '@/components/ui/switch-field';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { StatusMessage } from '@/features/settings/components/status-message';
import { useTimedNotice } from '@/features/settings/hooks/use-timed-notice';

export function CookiePreferencesSection() {
  const { t } = useTranslation('settings');
  const stored = useCookiePreferences();
  const [analytics, setAnalytics] = useState(stored.analytics);
  const [marketing, setMarketing] = useState(stored.marketing);
  const [error, setError] = useState<string | null>(null);
  const saved = useTimedNotice(SUCCESS_NOTICE_MS);
  const resetNotice = useTimedNotice(COOKIE_RESET_NOTICE_MS);

  function save() {
    setError(null);
    resetNotice.clear();
    try {
      stored.save({ analytics, marketing });
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
    const defaults = useCookiePreferences.getState();
    setAnalytics(defaults.analytics);
    setMarketing(defaults.marketing);
    resetNotice.show(t('general.cookies.reset_done'));
  }

  return (
    <SettingsCard title={t('general.cookies.title')} description={t('general.cookies.description')}>
      <div className="divide-y divide-stone-100">
        <SwitchField
          title={t('general.cookies.necessary.title')}
          description={t('general.cookies.necessary.description')}
          checked
          disabled
        />
        <SwitchField
          title={t('general.cookies.analytics.title')}
          description={t('general.cookies.analytics.description')}
          checked={analytics}
          onCheckedChange={setAnalytics}
        />
        <SwitchField
          title={t('general.cookies.marketing.title')}
          description={t('general.cookies.marketing.description')}
          checked={marketing}
          onCheckedChange={setMarketing}
        />
      </div>
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
