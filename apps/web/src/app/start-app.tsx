// First: no schema may be built before zod is told not to probe for eval (CSP).
import '@/lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { hasStoredSession } from '@/features/auth/lib/stored-session';
import { App } from '@/app/app';
import { pageNamespaces, prefetchRouteData, preloadPages } from '@/app/router';
import { useStartupStore } from '@/app/startup/startup-store';
import { yieldToMain } from '@/lib/yield-to-main';
import { APP_SHELL_ATTRIBUTE } from '@/app/app-shell';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** How long the first render waits for the page's data once everything else has arrived. */
const DATA_WAIT_MS = 1_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The SPA, rendered from scratch into #root, where the HTML already shows the loading screen (the
 * dashboard's: its app shell, the page before the member's data).
 * The page's code and texts, the start-up's requests (health, the session's restore) and the
 * data of the page the address shows all start now, side by side. The app renders once they have
 * arrived (the data waited for at most DATA_WAIT_MS more): one render of the whole page, instead
 * of a loading screen, then the page, then each card as its answer comes, each held back by
 * React's pacing of suspended content. That render is a transition, which React splits into
 * short tasks, so a slow phone's main thread stays free to answer input.
 *
 * Starting it all took one task of 180-200 ms on a phone-speed CPU (each fetch and each preload
 * link costs a few ms there), so each group starts in a task of its own: the requests leave a
 * millisecond or two later, and no task blocks input for long.
 */
export async function renderApp(root: HTMLElement) {
  const { pathname } = window.location;
  // The dashboard's HTML shows a member's first screen; a visitor is about to be sent to sign in.
  if (root.hasAttribute(APP_SHELL_ATTRIBUTE) && !hasStoredSession()) root.replaceChildren();
  // Not in the task that evaluated the app's modules.
  await yieldToMain();
  // The code and texts first: their files are the longest wait.
  const code = preloadPages(pathname);
  await yieldToMain();
  const texts = initI18n(pageNamespaces(pathname));
  await yieldToMain();
  const startup = useStartupStore.getState().start();
  const signedIn = hasStoredSession();
  let data: Promise<unknown> | undefined;
  if (signedIn) {
    await yieldToMain();
    data = prefetchRouteData(pathname, queryClient);
  }
  // Without a stored session nothing the start-up finds out changes the first page.
  await Promise.allSettled([code, texts, signedIn ? startup : undefined]);
  if (data) await Promise.race([data, delay(DATA_WAIT_MS)]);
  startTransition(() => createRoot(root).render(app));
}

/**
 * Takes over a prerendered public page without repainting it: the texts the page was rendered
 * with are loaded first, so the first render matches the HTML and React only attaches to it.
 */
export async function hydrateApp(root: HTMLElement, namespaces: readonly string[]) {
  const { pathname } = window.location;
  await Promise.all([
    initI18n([...namespaces, ...pageNamespaces(pathname)]),
    preloadPages(pathname),
  ]);
  hydrateRoot(root, app);
}
