// Writes the prerendered public pages (issue 20) into dist/: every public page in every
// interface language, the offline page, the SPA's loading screen, the dashboard's app shell in
// each language, sitemap.xml and robots.txt.
// Runs after the client build (dist/public.html and dist/offline.html are its templates) and the
// server build of src/app/prerender/entry-server.tsx (dist-ssr/).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssrDir = path.join(webRoot, 'dist-ssr');

const server = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
const { PUBLIC_PAGES, INTERFACE_LANGUAGES } = server;

function fill(template, parts) {
  let html = template;
  for (const [marker, value] of Object.entries(parts)) {
    if (!html.includes(marker)) throw new Error(`The template has no ${marker}`);
    html = html.replace(marker, () => value);
  }
  return html;
}

const publicTemplate = await readFile(path.join(dist, 'public.html'), 'utf8');
let pages = 0;
for (const page of PUBLIC_PAGES) {
  for (const language of INTERFACE_LANGUAGES) {
    const rendered = await server.prerenderPage(page, language);
    const html = fill(publicTemplate, {
      '%PARLO_LANG%': language,
      '<!--parlo-head-->': rendered.head,
      '<div id="root"><!--parlo-body-->': `<div id="root" data-namespaces="${rendered.namespaces.join(' ')}">${rendered.body}`,
      '<!--parlo-after-root-->': `<div id="static-cookie-banner" hidden>${rendered.cookieBanner}</div>`,
    });
    const file = path.join(dist, 'pages', language, `${page.id}.html`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    pages += 1;
  }
}
await rm(path.join(dist, 'public.html'));

const offlineFile = path.join(dist, 'offline.html');
const offlineTemplate = await readFile(offlineFile, 'utf8');
await writeFile(
  offlineFile,
  fill(offlineTemplate, { '<!--parlo-body-->': await server.prerenderOfflinePage() }),
);

// The SPA's page paints its loading screen from the HTML, before any script has run.
const indexFile = path.join(dist, 'index.html');
const indexTemplate = await readFile(indexFile, 'utf8');
await writeFile(
  indexFile,
  fill(indexTemplate, { '<!--parlo-loading-->': server.prerenderLoadingPage() }),
);

// The dashboard's HTML carries its first screen (the app shell) in each interface language.
for (const language of INTERFACE_LANGUAGES) {
  const file = path.join(dist, server.appShellFile(language));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    fill(indexTemplate, {
      '<html lang="en">': `<html lang="${language}">`,
      '<div id="root"><!--parlo-loading-->': `<div id="root" ${server.APP_SHELL_ATTRIBUTE}>${await server.prerenderDashboardShell(language)}`,
    }),
  );
}

await writeFile(path.join(dist, 'sitemap.xml'), server.sitemapXml());
await writeFile(path.join(dist, 'robots.txt'), server.robotsTxt());
await rm(ssrDir, { recursive: true, force: true });
console.log(
  `prerendered ${pages} public pages, the offline page, the loading screen, the dashboard's shells, sitemap.xml and robots.txt`,
);
