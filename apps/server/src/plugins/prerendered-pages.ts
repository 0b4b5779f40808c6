import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse as parseCookies } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  INTERFACE_LANGUAGES,
  PROVIDERS,
  type InterfaceLanguage,
  type Provider,
} from '@parlo/contract/constants';
import { publicPageQuerySchema } from '@parlo/contract/public-page-query';
import {
  CANONICAL_URL_PLACEHOLDER,
  LANGUAGE_COOKIE,
  PUBLIC_PAGES,
  matchInterfaceLanguage,
  negotiateInterfaceLanguage,
  appShellFile,
  prerenderedPageFile,
  publicPageUrl,
} from '@parlo/contract/public-pages';
import {
  API_KEY_META,
  formatProviderList,
  PUBLIC_URL_PLACEHOLDER,
  SIGN_IN_PROVIDERS_META,
} from '@parlo/contract/web-config';
import { escapeHtml } from '../lib/html.ts';
import { addVary } from '../lib/vary.ts';

/** One page in one language, as asked for by path alone or with `?lang=` (its canonical differs). */
export type PageVersions = Record<InterfaceLanguage, { bare: HtmlBody; asked: HtmlBody }>;

/** The web build's public pages per path and language, and the files that name the origin. */
export type PrerenderedSite = {
  pages: Map<string, PageVersions>;
  sitemapXml: string | null;
  robotsTxt: string | null;
  /**
   * The dashboard's HTML per interface language, its first screen in place of the loading screen
   * (the app shell); null for a build without them, whose dashboard gets index.html.
   */
  dashboardShells: Record<InterfaceLanguage, HtmlBody> | null;
};

export type Placeholders = {
  apiKey: string;
  publicUrl: string;
  /** The providers that can sign people in (credentials, or the development provider). */
  signInProviders: readonly Provider[];
};

/** Fills in what only the server knows: the API key, the sign-in providers and PUBLIC_URL. */
export function fillPlaceholders(text: string, settings: Placeholders) {
  return text
    .replaceAll(API_KEY_META.placeholder, escapeHtml(settings.apiKey))
    .replaceAll(
      SIGN_IN_PROVIDERS_META.placeholder,
      escapeHtml(formatProviderList(settings.signInProviders)),
    )
    .replaceAll(PUBLIC_URL_PLACEHOLDER, escapeHtml(settings.publicUrl));
}

async function readFilled(file: string, placeholders: Placeholders) {
  return existsSync(file) ? fillPlaceholders(await readFile(file, 'utf8'), placeholders) : null;
}

/**
 * Reads the prerendered pages once at start. A page missing in any language is left out whole, so
 * its path falls back to the SPA (a build from before prerendering, or a test's small dist); so is
 * the sign-in page when a provider cannot sign in here (its file shows every provider's button).
 */
export async function loadPrerenderedSite(
  root: string,
  placeholders: Placeholders,
): Promise<PrerenderedSite> {
  const pages = new Map<string, PageVersions>();
  const everyProvider = PROVIDERS.every((p) => placeholders.signInProviders.includes(p));
  for (const page of PUBLIC_PAGES) {
    if (page.withEveryProvider && !everyProvider) continue;
    const entries = await Promise.all(
      INTERFACE_LANGUAGES.map(async (language) => {
        const file = join(root, prerenderedPageFile(page.id, language));
        return [language, await readFilled(file, placeholders)] as const;
      }),
    );
    if (entries.some(([, html]) => html === null)) continue;
    const canonical = (html: string, url: string) =>
      htmlBody(html.replaceAll(CANONICAL_URL_PLACEHOLDER, escapeHtml(url)));
    const versions = Object.fromEntries(
      entries.map(([language, html]) => [
        language,
        {
          bare: canonical(html!, `${placeholders.publicUrl}${page.path}`),
          asked: canonical(html!, publicPageUrl(placeholders.publicUrl, page.path, language)),
        },
      ]),
    ) as PageVersions;
    pages.set(page.path, versions);
  }
  return {
    pages,
    sitemapXml: await readFilled(join(root, 'sitemap.xml'), placeholders),
    robotsTxt: await readFilled(join(root, 'robots.txt'), placeholders),
    dashboardShells: await loadDashboardShells(root, placeholders),
  };
}

/** Every language's shell, or none: a language missing would be answered in another's words. */
async function loadDashboardShells(root: string, placeholders: Placeholders) {
  const shells = await Promise.all(
    INTERFACE_LANGUAGES.map((language) =>
      readFilled(join(root, appShellFile(language)), placeholders),
    ),
  );
  if (shells.some((html) => html === null)) return null;
  return Object.fromEntries(
    INTERFACE_LANGUAGES.map((language, index) => [language, htmlBody(shells[index]!)]),
  ) as Record<InterfaceLanguage, HtmlBody>;
}

/** An HTML answer, gzipped once on first demand (pages are sent far more often than built). */
export type HtmlBody = { text: string; gzip: () => Buffer };

export function htmlBody(text: string): HtmlBody {
  let gzip: Buffer | null = null;
  return { text, gzip: () => (gzip ??= gzipSync(text, { level: 9 })) };
}

/** Sends HTML compressed when the client takes gzip (the pages are 20–50 KB of markup). */
export function sendHtml(body: HtmlBody, request: FastifyRequest, reply: FastifyReply) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(body.text);
  return reply.header('content-encoding', 'gzip').send(body.gzip());
}

/** The value of cookie `name` in a Cookie header, if it has one. */
const cookieValue = (header: string | undefined, name: string) =>
  header === undefined ? undefined : parseCookies(header)[name];

/** Spec §9's order on the server: the stored choice (cookie), `?lang=`, Accept-Language, English. */
export function pageLanguage(request: FastifyRequest) {
  const query = publicPageQuerySchema.safeParse(request.query);
  const asked = query.success ? query.data.lang : undefined;
  const language: InterfaceLanguage = negotiateInterfaceLanguage({
    cookie: cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
    query: asked,
    acceptLanguage: request.headers['accept-language'],
  });
  return { language, askedForOne: matchInterfaceLanguage([asked]) !== undefined };
}

/**
 * Sends the page in the language the app will show, picked from its versions. The CORS hook's
 * `Vary: Origin` is kept: the answer depends on the cookie, the languages and the encoding too.
 */
export function sendInPageLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  pick: (language: InterfaceLanguage, askedForOne: boolean) => HtmlBody,
): FastifyReply {
  const { language, askedForOne } = pageLanguage(request);
  for (const field of ['Cookie', 'Accept-Language', 'Accept-Encoding']) addVary(reply, field);
  reply.header('content-language', language);
  return sendHtml(pick(language, askedForOne), request, reply);
}

export function sendPrerenderedPage(
  versions: PageVersions,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return sendInPageLanguage(request, reply, (language, askedForOne) =>
    askedForOne ? versions[language].asked : versions[language].bare,
  );
}
