import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Provider } from '@parlo/contract/constants';
import {
  API_KEY_META,
  formatProviderList,
  SIGN_IN_PROVIDERS_META,
} from '@parlo/contract/web-config';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/html.ts';
import { isUnder, pathOf } from '../lib/paths.ts';

/** Paths the server owns; the SPA's history fallback never answers below them. */
export const SERVER_PATHS = ['/api', '/health', '/docs', '/ws', '/dev-oauth', '/metrics'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Vite writes content-hashed files to assets/; everything else may change under the same name.
const HASHED_ASSETS_DIR = 'assets';

export interface WebApp {
  root: string;
  /** index.html with the API key and the sign-in providers filled in, built once at start. */
  indexHtml: string;
}

/** What the web app learns from index.html's meta tags rather than from a request. */
export interface WebAppSettings {
  apiKey: string;
  /** The providers that can sign people in (credentials, or the development provider). */
  signInProviders: readonly Provider[];
}

/**
 * Reads the built SPA, or returns null when there is none (then only the API is served). The
 * web app reads the API key and the sign-in providers from meta tags, so the server writes them
 * into index.html.
 */
export async function loadWebApp(root: string, settings: WebAppSettings): Promise<WebApp | null> {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const template = await readFile(indexFile, 'utf8');
  const indexHtml = template
    .replaceAll(API_KEY_META.placeholder, escapeHtml(settings.apiKey))
    .replaceAll(
      SIGN_IN_PROVIDERS_META.placeholder,
      escapeHtml(formatProviderList(settings.signInProviders)),
    );
  return { root, indexHtml };
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
