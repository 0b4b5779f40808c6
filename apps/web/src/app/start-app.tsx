// First: no schema may be built before zod is told not to probe for eval (CSP).
import '@/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { i18n, initI18n } from '@/lib/i18n';
import { App } from '@/app/app';
import { preloadPages } from '@/app/router';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * The SPA, rendered from scratch into #root (replacing a prerendered page if there is one). The
 * code and texts of the page the address shows start downloading now, beside the session's
 * restore, rather than after it.
 */
export function renderApp(root: HTMLElement) {
  void initI18n().then(() => preloadPages(window.location.pathname).catch(() => {}));
  createRoot(root).render(app);
}

/**
 * Takes over a prerendered public page without repainting it: the texts the page was rendered
 * with are loaded first, so the first render matches the HTML and React only attaches to it.
 */
export async function hydrateApp(root: HTMLElement, namespaces: readonly string[]) {
  await Promise.all([
    initI18n().then(() => i18n.loadNamespaces([...namespaces])),
    preloadPages(window.location.pathname),
  ]);
  hydrateRoot(root, app);
}
