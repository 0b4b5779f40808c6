import { describe, expect, it } from 'vitest';
import { CANONICAL_URL_PLACEHOLDER, PUBLIC_PAGES } from '@parlo/contract/public-pages';
import { PUBLIC_URL_PLACEHOLDER, pageHead } from '@/app/prerender/page-head';

const about = PUBLIC_PAGES.find((page) => page.id === 'about')!;
const texts = {
  title: 'About <Parlo> & "you"',
  description: 'Why we built it',
  siteName: 'Parlo',
  imageAlt: 'The logo',
};

describe('pageHead', () => {
  const head = pageHead(about, 'ko', texts, 'https://parlo.example');

  it('names the page: escaped title, description, canonical address in its language', () => {
    expect(head).toContain('<title>About &lt;Parlo&gt; &amp; &quot;you&quot;</title>');
    expect(head).toContain('<meta name="description" content="Why we built it" />');
    expect(head).toContain(`<link rel="canonical" href="${CANONICAL_URL_PLACEHOLDER}" />`);
  });

  it('links every language as an alternate, and the negotiating address as x-default', () => {
    for (const language of ['en', 'es', 'pt', 'ko', 'ja']) {
      expect(head).toContain(
        `<link rel="alternate" hreflang="${language}" href="https://parlo.example/info/about?lang=${language}" />`,
      );
    }
    expect(head).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://parlo.example/info/about" />',
    );
  });

  it('gives link previews an absolute image from the site itself and the page locale', () => {
    expect(head).toContain('<meta property="og:locale" content="ko_KR" />');
    expect(head).toContain('<meta property="og:locale:alternate" content="ja_JP" />');
    expect(head).not.toContain('og:locale:alternate" content="ko_KR"');
    expect(head).toContain(
      '<meta property="og:image" content="https://parlo.example/social-card.png" />',
    );
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain(
      '<meta name="twitter:image" content="https://parlo.example/social-card.png" />',
    );
    expect(head).toContain(`<meta property="og:url" content="${CANONICAL_URL_PLACEHOLDER}" />`);
  });

  it('leaves the origin to the server by default', () => {
    expect(pageHead(about, 'en', texts)).toContain(`${PUBLIC_URL_PLACEHOLDER}/social-card.png`);
  });
});
