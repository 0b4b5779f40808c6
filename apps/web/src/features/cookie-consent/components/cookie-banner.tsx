import { useEffect, useState } from 'react';
import { COOKIE_BANNER_DELAY_MS } from '@parlo/contract/constants';
import { afterPageLoad } from '@/lib/after-page-load';
import { useCookiePreferences } from '@/lib/cookie-preferences';
import { CookieBannerCard } from '@/features/cookie-consent/components/cookie-banner-card';
import type { ConsentAction } from '@/features/cookie-consent/lib/consent-actions';

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
    // After the page's load, not this component's mount: on a prerendered page the app may
    // arrive later, while the page's own copy of the banner is already showing.
    return afterPageLoad(COOKIE_BANNER_DELAY_MS, () => setDelayPassed(true));
  }, [preferences.hasChosen]);

  if (preferences.hasChosen || !delayPassed) return null;

  function act(action: ConsentAction) {
    if (action === 'accept_all') preferences.acceptAll();
    else if (action === 'necessary_only') preferences.acceptNecessaryOnly();
    else setExpanded(true);
  }

  return <CookieBannerCard expanded={expanded} onAction={act} />;
}
