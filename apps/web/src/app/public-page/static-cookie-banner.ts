import { COOKIE_BANNER_DELAY_MS } from '@parlo/contract/constants';
import { afterPageLoad } from '@/lib/after-page-load';
import {
  ACCEPT_ALL,
  NECESSARY_ONLY,
  loadCookiePreferences,
  storeCookieChoice,
} from '@/lib/cookie-preferences-storage';
import {
  CONSENT_ACTION_ATTRIBUTE,
  type ConsentAction,
} from '@/features/cookie-consent/lib/consent-actions';

/** The prerendered copy of the banner's compact form, outside #root. */
export const STATIC_COOKIE_BANNER_ID = 'static-cookie-banner';

/**
 * Shows the prerendered banner 1.5 s after load (spec §2) while the app has not been loaded, and
 * stores the two plain choices itself. "Customise" needs the app: `onNeedApp` is told.
 */
export function startStaticCookieBanner(onNeedApp: (button: HTMLElement) => void) {
  const banner = document.getElementById(STATIC_COOKIE_BANNER_ID);
  if (!banner || loadCookiePreferences().hasChosen) {
    banner?.remove();
    return;
  }
  const cancel = afterPageLoad(COOKIE_BANNER_DELAY_MS, () => banner.removeAttribute('hidden'));
  banner.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>(`[${CONSENT_ACTION_ATTRIBUTE}]`);
    const action = button?.getAttribute(CONSENT_ACTION_ATTRIBUTE) as ConsentAction | undefined;
    if (!button || !action) return;
    if (action === 'customise') {
      onNeedApp(button);
      return;
    }
    try {
      storeCookieChoice(action === 'accept_all' ? ACCEPT_ALL : NECESSARY_ONLY);
    } catch {
      // Storage off: the choice holds for this page only, as in the app.
    }
    cancel();
    banner.remove();
  });
}

/** The app shows its own banner once it runs; the prerendered one must not stay beside it. */
export function removeStaticCookieBanner() {
  document.getElementById(STATIC_COOKIE_BANNER_ID)?.remove();
}
