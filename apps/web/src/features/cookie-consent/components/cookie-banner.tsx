import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIE_BANNER_DELAY_MS } from '@parlo/contract/constants';
import { Button } from '@/components/ui/button';
import { useCookiePreferences } from '@/lib/cookie-preferences';
import { Deferred, lazyComponent } from '@/lib/lazy-component';
import { ConsentText } from '@/features/cookie-consent/components/consent-text';

// Few visitors customise; the switches (Radix Switch) load when one does.
const cookiePreferencesForm = lazyComponent(() =>
  import('@/features/cookie-consent/components/cookie-preferences-form').then(
    (m) => m.CookiePreferencesForm,
  ),
);

/**
 * Asks once, 1.5 s after load, until the user decides (spec §2). Non-modal: the page behind
 * stays usable, so it is a labelled region rather than a dialog with a focus trap.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const preferences = useCookiePreferences();
  const [delayPassed, setDelayPassed] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (preferences.hasChosen) return;
    const timer = setTimeout(() => setDelayPassed(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [preferences.hasChosen]);

  if (preferences.hasChosen || !delayPassed) return null;

  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-3 bottom-3 z-30 max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-stone-200 sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-[26rem]"
    >
      <h2 id="cookie-banner-title" className="text-base font-semibold text-ink">
        {t('cookie_banner.title')}
      </h2>
      <p className="mt-1.5 text-sm leading-6 text-stone-600">
        <ConsentText i18nKey={expanded ? 'cookie_banner.details' : 'cookie_banner.summary'} />
      </p>
      {expanded ? (
        <div className="mt-2">
          <Deferred component={cookiePreferencesForm} when props={{}} />
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" className="grow sm:grow-0" onClick={preferences.acceptAll}>
            {t('cookie_banner.accept_all')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="grow sm:grow-0"
            onClick={preferences.acceptNecessaryOnly}
          >
            {t('cookie_banner.necessary_only')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="grow sm:grow-0"
            onClick={() => setExpanded(true)}
          >
            {t('cookie_banner.customise')}
          </Button>
        </div>
      )}
    </section>
  );
}
