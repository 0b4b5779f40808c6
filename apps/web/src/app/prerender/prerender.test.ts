// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';
import { PUBLIC_PAGES } from '@parlo/contract/public-pages';
import {
  prerenderDashboardShell,
  prerenderLoadingPage,
  prerenderOfflinePage,
  prerenderPage,
} from '@/app/prerender/entry-server';
import { PAGE_META } from '@/app/prerender/page-meta';

const texts = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** A text straight from the locale file, to compare the rendered page with. */
function text(language: string, namespace: string, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      texts[`../../locales/${language}/${namespace}.json`],
    );
  return String(value);
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Head tags escape ' as &#39;, React as &#x27;. */
const inHead = (s: string) => escape(s).replace(/'/g, '&#39;');
const inBody = (s: string) => escape(s).replace(/'/g, '&#x27;');

describe('prerendered public pages', () => {
  it('renders every page in every language with its own title, description and content', async () => {
    for (const page of PUBLIC_PAGES) {
      const descriptions = new Set<string>();
      for (const language of INTERFACE_LANGUAGES) {
        const { head, body, namespaces, cookieBanner } = await prerenderPage(page, language);
        const meta = PAGE_META[page.id];
        const where = `${page.id} ${language}`;
        const description = text(language, meta.namespace, meta.description);
        expect(head, where).toContain(
          `<title>${inHead(text(language, meta.namespace, meta.title))}</title>`,
        );
        expect(head, where).toContain(
          `<meta name="description" content="${inHead(description)}" />`,
        );
        expect(body, where).toMatch(/<h1[\s>]/);
        expect(body, where).toContain(inBody(text(language, 'common', 'footer.about')));
        expect(body, where).not.toContain('<script');
        expect(namespaces, where).toEqual(expect.arrayContaining(['common', meta.namespace]));
        expect(cookieBanner, where).toContain('data-consent-action="customise"');
        descriptions.add(description);
      }
      expect(descriptions.size, page.id).toBe(INTERFACE_LANGUAGES.length);
    }
  }, 120_000);

  it('writes the offline notice in all five languages, English shown first', async () => {
    const html = await prerenderOfflinePage();
    for (const language of INTERFACE_LANGUAGES) {
      expect(html).toContain(`<main lang="${language}"`);
      expect(html).toContain(inBody(text(language, 'common', 'offline.title')));
    }
    expect(html).toContain('<main lang="en">');
    expect(html).toContain('<main lang="ko" hidden>');
  });

  it("writes the SPA's loading screen as HTML that is the same in every language", () => {
    const html = prerenderLoadingPage();
    expect(html).toContain('role="status"');
    expect(html).toContain('<svg');
    // No words: index.html serves every language; the app adds the announcement in the user's.
    expect(html.replace(/<[^>]*>/g, '').trim()).toBe('');
  });

  it("writes the dashboard's app shell in every language, the same for every member", async () => {
    for (const language of INTERFACE_LANGUAGES) {
      const shell = await prerenderDashboardShell(language);
      const where = `dashboard shell ${language}`;
      // The page's first screen as the app draws it before the member's data: its texts...
      expect(shell, where).toContain(inBody(text(language, 'dashboard', 'subtitle')));
      expect(shell, where).toContain(inBody(text(language, 'dashboard', 'start.title')));
      expect(shell, where).toContain(inBody(text(language, 'dashboard', 'start.text')));
      expect(shell, where).toContain(inBody(text(language, 'common', 'footer.about')));
      // ...the way into a session and the header of a session being restored...
      expect(shell, where).toMatch(/<a [^>]*href="\/search"/);
      expect(shell, where).toContain('id="main-content"');
      expect(shell, where).toContain('aria-busy="true"');
      // ...and nothing of a member, nothing to run.
      const greeting = text(language, 'dashboard', 'greeting').split('{{name}}');
      const longest = greeting.reduce((a, b) => (b.length > a.length ? b : a));
      expect(shell, where).not.toContain(inBody(longest));
      expect(shell, where).not.toContain('<script');
      expect(shell, where).not.toContain(inBody(text(language, 'common', 'header.sign_in')));
    }
  });
});
