import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '@/app/prerender/sitemap';

const origin = 'https://parlo.example';
const paths = ['/', '/info/about', '/info/faq', '/legal/terms', '/legal/privacy', '/legal/cookies'];
const languages = ['en', 'es', 'pt', 'ko', 'ja'];

describe('sitemap.xml', () => {
  const xml = sitemapXml(origin);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it('lists every public page in every interface language, and nothing else', () => {
    const expected = paths.flatMap((path) =>
      languages.map((language) => `${origin}${path}?lang=${language}`),
    );
    expect(locs.sort()).toEqual(expected.sort());
    expect(xml).not.toContain('/dashboard');
    expect(xml).not.toContain('/auth/');
  });

  it('gives each entry its five language alternates and x-default', () => {
    const entries = xml.split('<url>').slice(1);
    expect(entries).toHaveLength(30);
    for (const entry of entries) {
      expect(entry.match(/hreflang="/g)).toHaveLength(6);
      const path = /<loc>https:\/\/parlo\.example([^?]+)\?/.exec(entry)?.[1];
      expect(entry).toContain(`hreflang="x-default" href="${origin}${path}"`);
    }
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});

describe('robots.txt', () => {
  it('points crawlers at the sitemap and away from the API and callbacks', () => {
    const robots = robotsTxt(origin);
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /auth/callback/');
    expect(robots).toMatch(/^User-agent: \*$/m);
  });
});
