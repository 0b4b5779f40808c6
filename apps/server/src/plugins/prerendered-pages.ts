import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@parlo/contract/constants';
import { publicPageQuerySchema } from '@parlo/contract/public-page-query';
import {
  LANGUAGE_COOKIE,
  PUBLIC_PAGES,
  negotiateInterfaceLanguage,
  prerenderedPageFile,
} from '@parlo/contract/public-pages';
import { escapeHtml } from '../lib/html.ts';

const API_KEY_PLACEHOLDER = '%PARLO_API_KEY%';
const PUBLIC_URL_PLACEHOLDER = '%PARLO_PUBLIC_URL%';

/** The web build's public pages per path and language, and the files that name the origin. */
export type PrerenderedSite = {
  pages: Map<string, Record<InterfaceLanguage, string>>;
  sitemapXml: string | null;
  robotsTxt: string | null;
};

export type Placeholders = { apiKey: string; publicUrl: string };

/** Fills in what only the server knows: the API key and the public origin (PUBLIC_URL). */
export function fillPlaceholders(text: string, { apiKey, publicUrl }: Placeholders) {
  return text
    .replaceAll(API_KEY_PLACEHOLDER, escapeHtml(apiKey))
    .replaceAll(PUBLIC_URL_PLACEHOLDER, escapeHtml(publicUrl));
}

async function readFilled(file: string, placeholders: Placeholders) {
  return existsSync(file) ? fillPlaceholders(await readFile(file, 'utf8'), placeholders) : null;
}

/**
 * Reads the prerendered pages once at start. A page missing in any language is left out whole, so
 * its path falls back to the SPA (a build from before prerendering, or a test's small dist).
 */
export async function loadPrerenderedSite(
  root: string,
  placeholders: Placeholders,
): Promise<PrerenderedSite> {
  const pages = new Map<string, Record<InterfaceLanguage, string>>();
  for (const page of PUBLIC_PAGES) {
    const entries = await Promise.all(
      INTERFACE_LANGUAGES.map(async (language) => {
        const file = join(root, prerenderedPageFile(page.id, language));
        return [language, await readFilled(file, placeholders)] as const;
      }),
    );
    if (entries.every(([, html]) => html !== null)) {
      pages.set(page.path, Object.fromEntries(entries) as Record<InterfaceLanguage, string>);
    }
  }
  return {
    pages,
    sitemapXml: await readFilled(join(root, 'sitemap.xml'), placeholders),
    robotsTxt: await readFilled(join(root, 'robots.txt'), placeholders),
  };
}

/** Spec §9's order on the server: the stored choice (cookie), `?lang=`, Accept-Language, English. */
export function pageLanguage(request: FastifyRequest): InterfaceLanguage {
  const query = publicPageQuerySchema.safeParse(request.query);
  return negotiateInterfaceLanguage({
    cookie: request.cookies[LANGUAGE_COOKIE],
    query: query.success ? query.data.lang : undefined,
    acceptLanguage: request.headers['accept-language'],
  });
}

export function sendPrerenderedPage(
  versions: Record<InterfaceLanguage, string>,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const language = pageLanguage(request);
  return reply
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie, Accept-Language')
    .header('content-language', language)
    .type('text/html; charset=utf-8')
    .send(versions[language]);
}
