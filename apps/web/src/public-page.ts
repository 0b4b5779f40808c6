// The script of the prerendered public pages. The page is already painted and its links work;
// this decides whether the app must take over at once, and otherwise loads it on the first press
// of a control that needs it, so a reader downloads no framework (issue 20).
import '@fontsource-variable/inter';
import './index.css';
import { captureReferralCode } from '@/features/auth/lib/referral-code';
import { hasStoredSession } from '@/features/auth/lib/stored-session';
import { detectInterfaceLanguage, rememberLanguage } from '@/lib/language-detector';
import { startStaticReveals } from '@/lib/reveal-on-scroll';
import { registerServiceWorker } from '@/lib/service-worker';
import { signInProviderOf } from '@/features/auth/lib/sign-in-button';
import { prefetchSignIn, startSignInBeforeApp } from '@/app/public-page/sign-in-press';
import { startStaticCookieBanner } from '@/app/public-page/static-cookie-banner';
import {
  hydrateAppInPlace,
  prefetchApp,
  renderAppOver,
  replayPress,
} from '@/app/public-page/take-over';

/** One reload per language and tab: if the server still answers another language, the app renders. */
const RELOAD_MARK = 'prerender-language-reload';

function reloadOnceFor(language: string) {
  try {
    if (sessionStorage.getItem(RELOAD_MARK) === language) return false;
    sessionStorage.setItem(RELOAD_MARK, language);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

function hydrateOnIntent(root: HTMLElement) {
  let starting = false;
  let hydrated = false;
  // A press that came before the app: pressed again once it runs.
  let pending: HTMLElement | null = null;
  const start = () => {
    starting = true;
    void hydrateAppInPlace(root).then(
      () => {
        hydrated = true;
        if (pending) replayPress(root, pending);
        pending = null;
      },
      () => {
        starting = false;
      },
    );
  };
  /** The press goes to the app: pressed again once it runs. */
  const handToApp = (button: HTMLElement) => {
    pending = button;
    start();
  };
  const buttonIn = (event: Event) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button') : null;
    return button && root.contains(button) ? button : null;
  };
  // A provider's button needs no app while none is on its way: the sign-in starts by itself.
  const signInButtonIn = (event: Event) => {
    const button = buttonIn(event);
    const provider = button && !starting ? signInProviderOf(button) : null;
    return button && provider ? { button, provider } : null;
  };

  // Nothing but buttons needs the app: links are plain links until it runs.
  document.addEventListener(
    'pointerover',
    (event) => {
      if (signInButtonIn(event)) prefetchSignIn();
      else if (buttonIn(event)) prefetchApp();
    },
    { passive: true },
  );
  for (const type of ['pointerdown', 'touchstart', 'focusin'] as const) {
    document.addEventListener(
      type,
      (event) => {
        if (signInButtonIn(event)) prefetchSignIn();
        else if (buttonIn(event)) start();
      },
      { passive: true, capture: true },
    );
  }
  document.addEventListener(
    'click',
    (event) => {
      if (hydrated) return;
      const signIn = signInButtonIn(event);
      if (signIn) {
        startSignInBeforeApp(root, signIn.button, signIn.provider, () => handToApp(signIn.button));
        return;
      }
      const button = buttonIn(event);
      if (button) handToApp(button);
    },
    { capture: true },
  );
  startStaticCookieBanner(handToApp);
}

function boot() {
  const root = document.getElementById('root');
  if (!root) return;
  captureReferralCode();
  const language = detectInterfaceLanguage();
  // As the app's language detector does on every start (spec §9: cached in local storage).
  rememberLanguage(language);
  if (language !== document.documentElement.lang) {
    // The cookie now names the reader's language, so the server answers in it.
    if (!reloadOnceFor(language)) void renderAppOver(root);
    return;
  }
  if (hasStoredSession()) {
    void renderAppOver(root);
    return;
  }
  startStaticReveals(root);
  hydrateOnIntent(root);
}

boot();
registerServiceWorker();
