import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CookieCategorySwitches } from '@/components/forms/cookie-category-switches';
import { Button } from '@/components/ui/button';
import { useCookiePreferences, type CookieChoices } from '@/lib/cookie-preferences';

/** The expanded banner: one switch per category, necessary always on. */
export function CookiePreferencesForm() {
  const { t } = useTranslation();
  const stored = useCookiePreferences();
  const [choices, setChoices] = useState<CookieChoices>({
    analytics: stored.analytics,
    marketing: stored.marketing,
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        stored.save(choices);
      }}
    >
      <CookieCategorySwitches
        choices={choices}
        onChange={setChoices}
        texts={{ namespace: 'common', keyPrefix: 'cookie_banner' }}
        className="divide-y divide-stone-200"
      />
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
