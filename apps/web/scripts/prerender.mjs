// Writes the prerendered public pages (issue 20) into dist/: every public page in every
// interface language, the offline page, the SPA's loading screen, the dashboard's app shell in
// each language, sitemap.xml and robots.txt.
// Runs after the client build (dist/public.html and dist/offline.html are its templates) and the
// server build of src/app/prerender/entry-server.tsx (dist-ssr/).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';

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

// The dashboard's HTML carries its first screen (the app shell) in each interface language, and
// paints it from the HTML alone: the rules of the stylesheet the shell uses are inlined and the
// stylesheet moves to the end of the body, where it no longer holds back the first paint; the app's
// scripts are fetched once that paint is done (see appAfterFirstPaint). On a phone's connection
// the 140 KB of scripts and the stylesheet no longer share the bandwidth with what the first
// screen needs.
const shellStart = appAfterFirstPaint(indexTemplate);
await writeFile(path.join(dist, shellStart.file), shellStart.source);
const criticalCss = new Beasties({
  path: dist,
  publicPath: '/',
  preload: 'body',
  // Fonts are named through a CSS variable, which it cannot follow: their faces are added below.
  fonts: false,
  pruneSource: false,
  logLevel: 'warn',
});
// The faces of Inter and of its metric-matched stand-in go with the inlined rules, so the shell's
// text is laid out as it will be once the stylesheet has arrived (no shift when it does), and the
// Latin file of Inter is preloaded.
const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(
  indexTemplate,
)?.[1];
if (!stylesheet) throw new Error('index.html has no stylesheet');
const fontFaces = (await readFile(path.join(dist, stylesheet), 'utf8')).match(
  /@font-face\{[^}]*\}/g,
);
if (!fontFaces?.some((face) => face.includes('Inter Fallback'))) {
  throw new Error(`${stylesheet} has no font faces`);
}
// Inter's Latin file is asked for with the page, not once the first layout finds it is needed:
// arriving after the first paint, it had every text laid out again (50-125 ms of main thread on
// a phone-speed CPU), the first screen's letters visibly changing.
const latinInter = /src:url\((\/assets\/inter-latin-wght-normal-[^)]+\.woff2)\)/.exec(
  fontFaces.join(''),
)?.[1];
if (!latinInter) throw new Error(`${stylesheet} has no Latin face of Inter`);
const fontPreload = `<link rel="preload" as="font" type="font/woff2" crossorigin href="${latinInter}">`;
for (const language of INTERFACE_LANGUAGES) {
  const file = path.join(dist, server.appShellFile(language));
  await mkdir(path.dirname(file), { recursive: true });
  const html = fill(shellStart.template, {
    '<html lang="en">': `<html lang="${language}">`,
    '<div id="root"><!--parlo-loading-->': `<div id="root" ${server.APP_SHELL_ATTRIBUTE}>${await server.prerenderDashboardShell(language)}`,
  });
  const painted = await criticalCss.process(html);
  if (!painted.includes('<style>')) throw new Error('no styles were inlined in the shell');
  await writeFile(
    file,
    painted.replace('<style>', () => `${fontPreload}\n    <style>${fontFaces.join('')}`),
  );
}

await writeFile(path.join(dist, 'sitemap.xml'), server.sitemapXml());
await writeFile(path.join(dist, 'robots.txt'), server.robotsTxt());
await rm(ssrDir, { recursive: true, force: true });
console.log(
  `prerendered ${pages} public pages, the offline page, the loading screen, the dashboard's shells, sitemap.xml and robots.txt`,
);

/**
 * The SPA's page (index.html) with its entry script and module preloads replaced by one small
 * script that starts the app after the first paint: it waits for a frame (a page opened in a
 * background tab gets none, so a timer stands in), then preloads the same modules and imports the
 * entry. Returns the page and the script, named by its content like the build's other assets.
 */
function appAfterFirstPaint(template) {
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const entry = entryTag.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  const modules = [...template.matchAll(preloadTag)].map((match) => match[1]);
  const source = `// Starts the app once the dashboard's first screen has painted (scripts/prerender.mjs).
const modules = ${JSON.stringify(modules)};
let started = false;
function start() {
  if (started) return;
  started = true;
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
  void import(${JSON.stringify(entry)});
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
`;
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const file = `assets/shell-start-${hash}.js`;
  const page = template
    .replace(preloadTag, '')
    .replace(entryTag, `<script type="module" crossorigin src="/${file}"></script>\n    `);
  return { file, source, template: page };
}
