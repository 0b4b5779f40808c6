import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/html.ts';
import { isUnder, pathOf } from '../lib/paths.ts';

/** Paths the server owns; the SPA's history fallback never answers below them. */
export const SERVER_PATHS = ['/api', '/health', '/docs', '/ws', '/dev-oauth', '/metrics'];

const API_KEY_PLACEHOLDER = '%PARLO_API_KEY%';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Vite writes content-hashed files to assets/; everything else may change under the same name.
const HASHED_ASSETS_DIR = 'assets';

export interface WebApp {
  root: string;
  /** index.html with the API key filled in, built once at start. */
  indexHtml: string;
}

/**
 * Reads the built SPA, or returns null when there is none (then only the API is served). The
 * web app reads the API key from a meta tag, so the server writes it into index.html.
 */
export async function loadWebApp(root: string, apiKey: string): Promise<WebApp | null> {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const template = await readFile(indexFile, 'utf8');
  return { root, indexHtml: template.replaceAll(API_KEY_PLACEHOLDER, escapeHtml(apiKey)) };
}

export function sendIndex(webApp: WebApp, reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(webApp.indexHtml);
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
  await app.register(fastifyStatic, {
    root: webApp.root,
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(hashedDir) ? IMMUTABLE : 'no-cache');
    },
  });
  for (const url of ['/', '/index.html']) {
    app.get(url, { schema: { hide: true } }, (_request, reply) => sendIndex(webApp, reply));
  }
};

// Not wrapped in fastify-plugin: @fastify/static's settings stay inside this context.
export default webAppPlugin;
