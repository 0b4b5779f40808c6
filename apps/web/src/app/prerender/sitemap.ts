import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';
import { PUBLIC_PAGES, publicPageUrl } from '@parlo/contract/public-pages';
import { PUBLIC_URL_PLACEHOLDER } from '@/app/prerender/page-head';

/**
 * Every public page in every language, each entry listing its alternates (Google's sitemap form
 * of hreflang). Signed-in routes are not pages a search engine can see, and sign-in is not one
 * to look for.
 */
export function sitemapXml(origin = PUBLIC_URL_PLACEHOLDER): string {
  const alternates = (path: string) =>
    [
      ...INTERFACE_LANGUAGES.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${publicPageUrl(origin, path, language)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${origin}${path}"/>`,
    ].join('\n');
  const urls = PUBLIC_PAGES.filter((page) => !page.unlisted).flatMap((page) =>
    INTERFACE_LANGUAGES.map((language) =>
      [
        '  <url>',
        `    <loc>${publicPageUrl(origin, page.path, language)}</loc>`,
        alternates(page.path),
        '  </url>',
      ].join('\n'),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers may read the public pages; the API, the socket and the app's own pages are not for them. */
export function robotsTxt(origin = PUBLIC_URL_PLACEHOLDER): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dev-oauth/',
    'Disallow: /auth/callback/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
