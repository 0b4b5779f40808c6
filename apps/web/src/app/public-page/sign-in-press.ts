import type { Provider } from '@parlo/contract/constants';
import { SIGN_IN_PROVIDER_ATTRIBUTE } from '@/features/auth/lib/sign-in-button';
import { RETURN_TO_PARAM } from '@/lib/return-to';

const loadSignIn = () => import('@/features/auth/lib/start-sign-in');

/** Starts downloading what a sign-in needs (a pointer over a provider's button, a focus). */
export function prefetchSignIn() {
  void loadSignIn().catch(() => {});
}

/** The attributes the buttons had before a press marked them busy; null when none is marked. */
let marked: { button: HTMLButtonElement; disabled: boolean; busy: string | null }[] | null = null;

/** Puts the buttons back as the page had them: the app's markup must find them unchanged. */
function unmark() {
  for (const { button, disabled, busy } of marked ?? []) {
    button.disabled = disabled;
    if (busy === null) button.removeAttribute('aria-busy');
    else button.setAttribute('aria-busy', busy);
  }
  marked = null;
}

// Back from the provider's page, the browser may show this page as it was left: busy.
function unmarkOnReturn(event: PageTransitionEvent) {
  if (!event.persisted) return;
  window.removeEventListener('pageshow', unmarkOnReturn);
  unmark();
}

/**
 * A provider's button pressed on the prerendered sign-in page before the app runs: the sign-in
 * starts here, as the app's button starts it, instead of after the app has loaded and hydrated
 * the page (about a second on a desktop, several on a phone). Every provider's button is
 * disabled and the pressed one busy until the browser leaves for the provider. If the start
 * fails, the buttons are put back and `handOver` gives the press to the app, whose page tries
 * once more and says what went wrong.
 */
export function startSignInBeforeApp(
  root: HTMLElement,
  pressed: HTMLButtonElement,
  provider: Provider,
  handOver: () => void,
) {
  if (marked) return;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>(`[${SIGN_IN_PROVIDER_ATTRIBUTE}]`)];
  marked = buttons.map((button) => ({
    button,
    disabled: button.disabled,
    busy: button.getAttribute('aria-busy'),
  }));
  for (const button of buttons) button.disabled = true;
  pressed.setAttribute('aria-busy', 'true');
  window.addEventListener('pageshow', unmarkOnReturn);
  const returnTo = new URLSearchParams(window.location.search).get(RETURN_TO_PARAM);
  loadSignIn()
    .then(({ startSignIn }) => startSignIn(provider, returnTo))
    .catch(() => {
      unmark();
      handOver();
    });
}
