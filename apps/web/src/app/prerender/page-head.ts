import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@parlo/contract/constants';
import {
  CANONICAL_URL_PLACEHOLDER,
  publicPageUrl,
  type PublicPage,
} from '@parlo/contract/public-pages';
import { PUBLIC_URL_PLACEHOLDER } from '@parlo/contract/web-config';

/**
 * Written into the prerendered files and replaced by the server with its PUBLIC_URL when it
 * loads them, so one build serves any origin and link previews get absolute addresses.
 */
export { PUBLIC_URL_PLACEHOLDER };

/** 1200 × 630, the size Open Graph and Twitter's large card ask for; shipped in public/. */
export const SOCIAL_IMAGE = { path: '/social-card.png', width: 1200, height: 630 } as const;

/** Open Graph wants territory locales. */
const OG_LOCALES: Record<InterfaceLanguage, string> = {
  en: 'en_US',
  es: 'es_ES',
  pt: 'pt_BR',
  ko: 'ko_KR',
  ja: 'ja_JP',
};

export type PageTexts = { title: string; description: string; siteName: string; imageAlt: string };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The <head> tags of a public page in one language: title, description, canonical address,
 * hreflang alternates (x-default is the address without ?lang=, which answers in the reader's
 * language), Open Graph and Twitter card.
 */
export function pageHead(
  page: PublicPage,
  language: InterfaceLanguage,
  texts: PageTexts,
  origin = PUBLIC_URL_PLACEHOLDER,
): string {
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  return [
    `<title>${escapeHtml(texts.title)}</title>`,
    meta('name', 'description', texts.description),
    // The address the page was asked for decides its canonical one (the server fills it in).
    `<link rel="canonical" href="${CANONICAL_URL_PLACEHOLDER}" />`,
    ...INTERFACE_LANGUAGES.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${alternate}" href="${publicPageUrl(origin, page.path, alternate)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${origin}${page.path}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', texts.siteName),
    meta('property', 'og:title', texts.title),
    meta('property', 'og:description', texts.description),
    meta('property', 'og:url', CANONICAL_URL_PLACEHOLDER),
    meta('property', 'og:locale', OG_LOCALES[language]),
    ...INTERFACE_LANGUAGES.filter((other) => other !== language).map((other) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[other]),
    ),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(SOCIAL_IMAGE.width)),
    meta('property', 'og:image:height', String(SOCIAL_IMAGE.height)),
    meta('property', 'og:image:alt', texts.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', texts.title),
    meta('name', 'twitter:description', texts.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', texts.imageAlt),
  ].join('\n    ');
}
