import { useEffect, useState } from 'react';
import { COOKIE_BANNER_DELAY_MS } from '@parlo/contract/constants';
import { useCookiePreferences } from '@/lib/cookie-preferences';
import { CookieBannerCard } from '@/features/cookie-consent/components/cookie-banner-card';
import type { ConsentAction } from '@/features/cookie-consent/lib/consent-actions';

/** What is left of the spec's 1.5 s after the page loaded (not after this component mounted). */
function remainingDelay() {
  return Math.max(0, COOKIE_BANNER_DELAY_MS - performance.now());
}

/**
 * Asks once, 1.5 s after load, until the user decides (spec §2). Non-modal: the page behind
 * stays usable, so it is a labelled region rather than a dialog with a focus trap.
 */
export function CookieBanner() {
  const preferences = useCookiePreferences();
  const [delayPassed, setDelayPassed] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (preferences.hasChosen) return;
    const timer = setTimeout(() => setDelayPassed(true), remainingDelay());
    return () => clearTimeout(timer);
  }, [preferences.hasChosen]);

  if (preferences.hasChosen || !delayPassed) return null;

  function act(action: ConsentAction) {
    if (action === 'accept_all') preferences.acceptAll();
    else if (action === 'necessary_only') preferences.acceptNecessaryOnly();
    else setExpanded(true);
  }

  return <CookieBannerCard expanded={expanded} onAction={act} />;
}
