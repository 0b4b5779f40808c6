import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCookiePreferences } from '@/lib/cookie-preferences';
import { SwitchField } from '@/components/ui/switch-field';

/** The expanded banner: one switch per category, necessary always on. */
export function CookiePreferencesForm() {
  const { t } = useTranslation();
  const stored = useCookiePreferences();
  const [analytics, setAnalytics] = useState(stored.analytics);
  const [marketing, setMarketing] = useState(stored.marketing);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        stored.save({ analytics, marketing });
      }}
    >
      <div className="divide-y divide-stone-200">
        <SwitchField
          title={t('cookie_banner.necessary.title')}
          description={t('cookie_banner.necessary.description')}
          checked
          disabled
        />
        <SwitchField
          title={t('cookie_banner.analytics.title')}
          description={t('cookie_banner.analytics.description')}
          checked={analytics}
          onCheckedChange={setAnalytics}
        />
        <SwitchField
          title={t('cookie_banner.marketing.title')}
          description={t('cookie_banner.marketing.description')}
          checked={marketing}
          onCheckedChange={setMarketing}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          {t('cookie_banner.save')}
        </Button>
        <Button variant="secondary" size="sm" onClick={stored.acceptAll}>
          {t('cookie_banner.accept_all')}
        </Button>
      </div>
    </form>
  );
}
