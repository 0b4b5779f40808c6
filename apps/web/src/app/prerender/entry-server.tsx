// The build's prerender (scripts/prerender.mjs) loads this module's server bundle in Node.
import type { Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@parlo/contract/constants';
import { appShellFile, PUBLIC_PAGES, type PublicPage } from '@parlo/contract/public-pages';
import { i18n, i18nOptions } from '@/lib/i18n';
import { PAGE_META } from '@/app/prerender/page-meta';
import { pageHead } from '@/app/prerender/page-head';
import { renderPublicPage } from '@/app/prerender/render-page';
import { renderOfflinePage } from '@/app/prerender/render-offline-page';
import { renderDashboardShell } from '@/app/prerender/render-dashboard-shell';

export { robotsTxt, sitemapXml } from '@/app/prerender/sitemap';
export { renderLoadingPage as prerenderLoadingPage } from '@/app/prerender/render-loading-page';
export { APP_SHELL_ATTRIBUTE } from '@/app/app-shell';
export { PUBLIC_PAGES, INTERFACE_LANGUAGES, appShellFile };

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function allResources(): Resource {
  const resources: Resource = {};
  for (const [file, texts] of Object.entries(files)) {
    const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) continue;
    (resources[language] ??= {})[namespace] = texts;
  }
  return resources;
}

const ready = i18n.use(initReactI18next).init({
  ...i18nOptions,
  resources: allResources(),
  lng: 'en',
  ns: Object.keys(allResources().en ?? {}),
  initAsync: false,
});

export type PrerenderedPage = {
  head: string;
  body: string;
  namespaces: string[];
  cookieBanner: string;
};

export async function prerenderPage(
  page: PublicPage,
  language: InterfaceLanguage,
): Promise<PrerenderedPage> {
  await ready;
  const rendered = await renderPublicPage(page.path, language);
  const meta = PAGE_META[page.id];
  const t = i18n.getFixedT(language, meta.namespace);
  const common = i18n.getFixedT(language, 'common');
  const head = pageHead(page, language, {
    title: t(meta.title),
    description: t(meta.description),
    siteName: common('brand.name'),
    imageAlt: common('seo.image_alt'),
  });
  return {
    head,
    body: rendered.html,
    namespaces: rendered.namespaces,
    cookieBanner: rendered.cookieBanner,
  };
}

export async function prerenderOfflinePage(): Promise<string> {
  await ready;
  return renderOfflinePage();
}

/** The dashboard's app shell in one language (the inside of #root). */
export async function prerenderDashboardShell(language: InterfaceLanguage): Promise<string> {
  await ready;
  return renderDashboardShell(language);
}
