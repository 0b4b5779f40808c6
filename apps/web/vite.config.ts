import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { nsfwModelPlugin } from './scripts/nsfw-model-plugin.mjs';
import { DASHBOARD_NAMESPACES } from './src/app/dashboard-namespaces';

// The dashboard's namespaces, per language. `common`, which every page needs, public ones
// included, stays a file of its own.
const MEMBER_TEXTS = new RegExp(
  `locales[\\\\/]([a-z]{2})[\\\\/](?:${DASHBOARD_NAMESPACES.join('|')})\\.json$`,
);

const apiTarget = process.env.PARLO_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), nsfwModelPlugin()],
  // The frame guard's worker is built on its own: it needs the plugin that keeps nsfwjs's
  // bundled base64 models out (it loads the served model.json instead).
  worker: { format: 'es', plugins: () => [nsfwModelPlugin({ emit: false })] },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget },
      '/dev-oauth': { target: apiTarget },
      '/docs': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: {
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The prerender's server build reads every translation at once, on purpose.
      checks: { ineffectiveDynamicImport: false },
      // The SPA; the template of the prerendered public pages (scripts/prerender.mjs fills it);
      // the page the service worker shows offline.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        public: fileURLToPath(new URL('./public.html', import.meta.url)),
        offline: fileURLToPath(new URL('./offline.html', import.meta.url)),
      },
      output: {
        // The libraries every page needs travel as one file: many small shared chunks each
        // compress worse and cost a request, and the landing page has a 150 KB budget.
        codeSplitting: {
          groups: [
            {
              // The texts of the dashboard, the page members land on, travel as one file per
              // language instead of five: on a phone's first load each file costs a request
              // beside the framework's download. Other pages that need some of them load it too.
              name: (id) => {
                const match = MEMBER_TEXTS.exec(id);
                return match ? `texts-${match[1]}` : null;
              },
            },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // nsfwjs's ESM imports 'buffer/', which only a bundler resolves: let Vite transform it.
    server: { deps: { inline: ['nsfwjs'] } },
  },
});
