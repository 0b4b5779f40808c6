/** The service worker's address; vite-plugin-pwa writes it at the root so it controls every page. */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded, so its precache downloads never compete
 * with the page's own. Production builds only: in development Vite serves unhashed modules.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      // Without a service worker Parlo works as before: online only, no install prompt.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
