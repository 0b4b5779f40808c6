import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isUnder, pathOf } from '../lib/paths.ts';
import { addVary } from '../lib/vary.ts';
import { DASHBOARD_PATH } from '@parlo/contract/public-pages';
import {
  fillPlaceholders,
  htmlBody,
  loadPrerenderedSite,
  sendHtml,
  sendInPageLanguage,
  sendPrerenderedPage,
  type HtmlBody,
  type Placeholders,
  type PrerenderedSite,
} from './prerendered-pages.ts';

/** Paths the server owns; the SPA's history fallback never answers below them. */
export const SERVER_PATHS = ['/api', '/health', '/docs', '/ws', '/dev-oauth', '/metrics'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Vite writes content-hashed files to assets/; everything else may change under the same name.
const HASHED_ASSETS_DIR = 'assets';

export interface WebApp {
  root: string;
  /** index.html with the API key and the sign-in providers filled in, built once at start. */
  indexHtml: HtmlBody;
  /** The prerendered public pages and dashboard shells, sitemap.xml and robots.txt, filled in. */
  site: PrerenderedSite;
}

/** What the server fills into the built pages: the web app reads it from meta tags and links. */
export type WebAppSettings = Placeholders;

/**
 * Reads the built SPA, or returns null when there is none (then only the API is served). The
 * web app reads the API key and the sign-in providers from meta tags, so the server writes them
 * into index.html and the prerendered pages, with PUBLIC_URL for their absolute links (canonical,
 * hreflang, social cards).
 */
export async function loadWebApp(root: string, settings: WebAppSettings): Promise<WebApp | null> {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const template = await readFile(indexFile, 'utf8');
  return {
    root,
    indexHtml: htmlBody(fillPlaceholders(template, settings)),
    site: await loadPrerenderedSite(root, settings),
  };
}

export function sendIndex(
  webApp: WebApp,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return sendHtml(webApp.indexHtml, request, addVary(reply, 'Accept-Encoding'));
}

/** History fallback: a page navigation (GET accepting HTML) to a path the server does not own. */
export function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request.url);
  if (SERVER_PATHS.some((prefix) => isUnder(path, prefix))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Static files of the built SPA. Files are registered one route each (no wildcard), so unknown
 * paths reach the not-found handler, which decides between the SPA page, 405 and 404.
 */
const webAppPlugin: FastifyPluginAsync<{ webApp: WebApp }> = async (app, { webApp }) => {
  const hashedDir = join(webApp.root, HASHED_ASSETS_DIR) + sep;
  // The files are sent brotli- or gzip-compressed when the browser accepts it, which
  // @fastify/static does not say: without the header a shared cache could hand a compressed
  // file to a browser that cannot read it.
  app.addHook('onSend', (_request, reply, payload, next) => {
    addVary(reply, 'Accept-Encoding');
    next(null, payload);
  });
  await app.register(fastifyStatic, {
    root: webApp.root,
    wildcard: false,
    index: false,
    // Served by the routes below, with the API key and the origin filled in.
    globIgnore: ['index.html', 'pages/**', 'shells/**', 'sitemap.xml', 'robots.txt'],
    decorateReply: false,
    cacheControl: false,
    // The build writes .br and .gz beside each text asset (apps/web/scripts/compress.mjs).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(hashedDir) ? IMMUTABLE : 'no-cache');
    },
  });
  const { pages, sitemapXml, robotsTxt } = webApp.site;
  for (const [path, versions] of pages) {
    app.get(path, { schema: { hide: true } }, (request, reply) =>
      sendPrerenderedPage(versions, request, reply),
    );
  }
  const { dashboardShells } = webApp.site;
  if (dashboardShells !== null) {
    // The dashboard's HTML with its app shell, in the language the app will show.
    app.get(DASHBOARD_PATH, { schema: { hide: true } }, (request, reply) =>
      sendInPageLanguage(request, reply, (language) => dashboardShells[language]),
    );
  }
  const spaRoutes = ['/', '/index.html'].filter((url) => !pages.has(url));
  for (const url of spaRoutes) {
    app.get(url, { schema: { hide: true } }, (request, reply) => sendIndex(webApp, request, reply));
  }
  if (sitemapXml !== null) {
    app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/xml; charset=utf-8')
        .send(sitemapXml),
    );
  }
  if (robotsTxt !== null) {
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robotsTxt),
    );
  }
};

// Not wrapped in fastify-plugin: @fastify/static's settings stay inside this context.
export default webAppPlugin;
