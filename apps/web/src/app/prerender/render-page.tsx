import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { InterfaceLanguage } from '@parlo/contract/constants';
import { i18n } from '@/lib/i18n';
import { CookieBannerCard } from '@/features/cookie-consent/components/cookie-banner-card';
import { AppProviders } from '@/app/app-providers';
import { routes } from '@/app/router';

const handler = createStaticHandler(routes);

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Counts the namespaces a render asks for, so the browser can load them before hydrating. */
function trackNamespaces() {
  const used = new Set<string>();
  i18n.reportNamespaces = {
    addUsedNamespaces: (namespaces: readonly string[]) => namespaces.forEach((n) => used.add(n)),
    getUsedNamespaces: () => [...used],
  };
  return used;
}

async function routeContext(path: string): Promise<StaticHandlerContext> {
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`);
  return context;
}

export type RenderedPage = {
  /** The inside of #root, as the SPA renders it for a visitor. */
  html: string;
  /** The translation namespaces the page used. */
  namespaces: string[];
  /** The cookie banner's compact form, shown by the page's small script until the app runs. */
  cookieBanner: string;
};

/**
 * Renders a public page as the SPA shows it to a visitor (same routes, layout and components), so
 * the browser can show it without JavaScript and the app can later hydrate it in place.
 */
export async function renderPublicPage(
  path: string,
  language: InterfaceLanguage,
): Promise<RenderedPage> {
  await i18n.changeLanguage(language);
  const used = trackNamespaces();
  const context = await routeContext(path);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app: ReactNode = (
    <StrictMode>
      <AppProviders>
        {/* No hydration data: the routes have no loaders, and an inline script would break the CSP. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  // The first pass waits for the lazily imported page; the second, with everything resolved, is
  // the finished markup without the streaming renderer's inline reveal scripts (the CSP has no
  // room for them, and the page must read without JavaScript).
  await streamToString((await prerenderToNodeStream(app)).prelude);
  const html = renderToString(app);
  if (html.includes('<script') || html.includes('<!--$?-->')) {
    throw new Error(`${path} (${language}) still suspends after its code has loaded`);
  }
  return { html, namespaces: [...used], cookieBanner: await renderCookieBanner() };
}

// The banner's links are router links, so it renders inside a router of its own.
const bannerHandler = createStaticHandler([
  {
    path: '*',
    element: <CookieBannerCard expanded={false} titleId="static-cookie-banner-title" />,
  },
]);

async function renderCookieBanner() {
  const context = await bannerHandler.query(new Request('http://prerender.invalid/'));
  if (context instanceof Response) throw new Error('The cookie banner cannot be prerendered');
  const router = createStaticRouter(bannerHandler.dataRoutes, context);
  return renderToStaticMarkup(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
}
