// Writes dist/sw.js with Workbox (issue 20), after the prerender so the offline page it
// precaches is the finished one. The worker precaches the app shell and caches hashed assets;
// it never caches HTML or server answers: index.html and the prerendered pages carry the API key,
// so every navigation goes to the network and the offline page shows only when that fails.
import path from 'node:path';
import { generateSW } from 'workbox-build';

const dist = path.resolve(import.meta.dirname, '..', 'dist');

const { count, size, warnings } = await generateSW({
  swDest: path.join(dist, 'sw.js'),
  globDirectory: dist,
  // The shell: what every page starts with, and the offline page with its script and style.
  // Other hashed files (pages, translations, models) are cached the first time they are used.
  globPatterns: [
    'assets/{framework,start-app,index,public,offline,shell-start}-*.{js,css}',
    'assets/inter-latin-wght-normal-*.woff2',
    'offline.html',
    'favicon.svg',
    'icons/icon-192.png',
  ],
  // Hashed names need no revision query.
  dontCacheBustURLsMatching: /^assets\//,
  navigateFallback: undefined,
  cleanupOutdatedCaches: true,
  // A new deploy's worker takes over at once: pages keep the files they loaded, and the next
  // navigation fetches fresh HTML from the network anyway.
  skipWaiting: true,
  clientsClaim: true,
  sourcemap: false,
  mode: 'production',
  runtimeCaching: [
    {
      // Page navigations: always the network; the offline page when it cannot be reached. The
      // server's own paths (API, socket, health, sign-in stand-in, metrics, docs) are left alone.
      urlPattern: ({ request, url }) =>
        request.mode === 'navigate' &&
        !/^\/(api|ws|health|dev-oauth|metrics|docs)(\/|$)/.test(url.pathname),
      handler: 'NetworkOnly',
      options: { precacheFallback: { fallbackURL: '/offline.html' } },
    },
    {
      // Content-hashed files never change under their name.
      urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
      handler: 'CacheFirst',
      options: {
        cacheName: 'parlo-assets',
        expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 },
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KiB)`);
