import {
  FALLBACK_INTERFACE_LANGUAGE,
  INTERFACE_LANGUAGES,
  type InterfaceLanguage,
} from './constants.ts';

/**
 * The public pages the web build prerenders to static HTML in every interface language, and the
 * server answers from those files (issue 20). Signed-in routes stay the SPA.
 *
 * The sign-in page shows one button per provider, and the build renders every provider; the
 * server answers from its files only when it can sign in with all of them (`withEveryProvider`),
 * and otherwise serves the SPA, which shows the providers it can.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { id: 'landing', path: '/' },
  { id: 'about', path: '/info/about' },
  { id: 'faq', path: '/info/faq' },
  { id: 'terms', path: '/legal/terms' },
  { id: 'privacy', path: '/legal/privacy' },
  { id: 'cookies', path: '/legal/cookies' },
  { id: 'signin', path: '/auth/signin', withEveryProvider: true, unlisted: true },
];

export type PublicPageId = 'landing' | 'about' | 'faq' | 'terms' | 'privacy' | 'cookies' | 'signin';

export type PublicPage = {
  id: PublicPageId;
  path: string;
  /** Rendered with every sign-in provider's button: valid only where all of them can sign in. */
  withEveryProvider?: true;
  /** Left out of sitemap.xml: a page to act on, not one to find in a search. */
  unlisted?: true;
};

/** The spec's query parameter that names the interface language (§9 detection order). */
export const LANGUAGE_QUERY_PARAMETER = 'lang';
/**
 * The browser's stored language choice (localStorage in the spec) mirrored in a cookie, so the
 * server can answer a prerendered page in it without JavaScript. Same precedence as localStorage.
 */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Written by the build where a page names its own address (canonical, og:url), filled in by the
 * server per request: the `?lang=` address of the language served when the request asked for
 * one, else the bare path, which is the x-default address that answers in the reader's language.
 */
export const CANONICAL_URL_PLACEHOLDER = '%PARLO_CANONICAL_URL%';

/** Where the build writes a prerendered page, relative to the web app's dist folder. */
export function prerenderedPageFile(id: PublicPageId, language: InterfaceLanguage) {
  return `pages/${language}/${id}.html`;
}

/** The signed-in home, whose HTML carries its app shell (see appShellFile). */
export const DASHBOARD_PATH = '/dashboard';

/**
 * Where the build writes the dashboard's app shell in one language: index.html with the
 * dashboard's first screen, before the member's data, in place of the loading screen.
 */
export function appShellFile(language: InterfaceLanguage) {
  return `shells/${language}/dashboard.html`;
}

/** The address of a page in one language: `?lang=` is the spec's own switch, so it is the URL. */
export function publicPageUrl(origin: string, path: string, language: InterfaceLanguage) {
  return `${origin}${path}?${LANGUAGE_QUERY_PARAMETER}=${language}`;
}

/**
 * The first candidate that names an interface language, by its primary subtag (pt-BR → pt), as
 * i18next resolves it in the browser; undefined when none does.
 */
export function matchInterfaceLanguage(
  candidates: readonly (string | null | undefined)[],
): InterfaceLanguage | undefined {
  for (const candidate of candidates) {
    const primary = candidate?.trim().split(/[-_]/, 1)[0]?.toLowerCase();
    const match = INTERFACE_LANGUAGES.find((language) => language === primary);
    if (match) return match;
  }
  return undefined;
}

/** Accept-Language's tags by descending q (ties keep their order); q=0 means "not this one". */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

export type LanguageSignals = {
  /** The language cookie (the stored choice). */
  cookie?: string | undefined;
  /** The `lang` query parameter. */
  query?: string | undefined;
  acceptLanguage?: string | undefined;
};

/** The server's copy of the spec's detection order: stored choice, `lang` query, browser, English. */
export function negotiateInterfaceLanguage(signals: LanguageSignals): InterfaceLanguage {
  return (
    matchInterfaceLanguage([
      signals.cookie,
      signals.query,
      ...acceptedLanguages(signals.acceptLanguage),
    ]) ?? FALLBACK_INTERFACE_LANGUAGE
  );
}
