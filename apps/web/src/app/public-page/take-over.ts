import { CONSENT_ACTION_ATTRIBUTE } from '@/features/cookie-consent/lib/consent-actions';
import { removeStaticCookieBanner } from '@/app/public-page/static-cookie-banner';

/** Set on #root by the prerender: the translation namespaces the page was rendered with. */
export const NAMESPACES_ATTRIBUTE = 'data-namespaces';

const REPLAY_WAIT_MS = 5_000;

let started: Promise<void> | null = null;

function loadApp() {
  return import('@/app/start-app');
}

/** Starts downloading the app without running it (a pointer over a button, a focus). */
export function prefetchApp() {
  void loadApp().catch(() => {});
}

/** The SPA replaces the prerendered page: a stored session, or a language the page is not in. */
export function renderAppOver(root: HTMLElement) {
  removeStaticCookieBanner();
  started ??= loadApp().then((m) => m.renderApp(root));
  return started;
}

/** The SPA hydrates the prerendered page in place; the first call starts it, later ones join. */
export function hydrateAppInPlace(root: HTMLElement) {
  const namespaces = (root.getAttribute(NAMESPACES_ATTRIBUTE) ?? 'common').split(' ');
  started ??= loadApp()
    .then((m) => m.hydrateApp(root, namespaces))
    .then(removeStaticCookieBanner)
    .catch((error: unknown) => {
      // The page stays readable and its links work; a later press tries again.
      started = null;
      throw error;
    });
  return started;
}

/** Once the app runs, `element` is pressed again, or its counterpart in the app's banner. */
export function replayPress(root: HTMLElement, element: HTMLElement) {
  const action = element.getAttribute(CONSENT_ACTION_ATTRIBUTE);
  const find = () =>
    root.contains(element)
      ? element
      : root.querySelector<HTMLElement>(`[${CONSENT_ACTION_ATTRIBUTE}="${action}"]`);
  const press = () => {
    const target = find();
    if (!target?.isConnected) return false;
    target.click();
    return true;
  };
  if (press()) return;
  // The app's own banner appears a moment after hydration.
  const observer = new MutationObserver(() => press() && observer.disconnect());
  observer.observe(root.ownerDocument.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), REPLAY_WAIT_MS);
}
