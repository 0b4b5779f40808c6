import type { QueryClient } from '@tanstack/react-query';
import { isValidElement } from 'react';
import {
  Navigate,
  createBrowserRouter,
  matchRoutes,
  type RouteMatch,
  type RouteObject,
} from 'react-router';
import type { LazyPage } from '@/lib/lazy-component';
import { prefetchDashboard } from '@/features/dashboard/api/prefetch-dashboard';
import { RootLayout } from '@/app/layouts/root-layout';
import * as Pages from '@/app/pages';
import { isRouteHandle, routeHandle } from '@/app/route-access';
import { RouteErrorPage } from '@/app/route-error-page';

/** The route table of spec §2; each route's `handle.access` is applied by the access gate. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage fullScreen />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Pages.LandingPage />, handle: routeHandle('landing') },
          { path: 'info/about', element: <Pages.AboutPage />, handle: routeHandle('public') },
          { path: 'info/faq', element: <Pages.FaqPage />, handle: routeHandle('public') },
          { path: 'legal/terms', element: <Pages.TermsPage />, handle: routeHandle('public') },
          { path: 'legal/privacy', element: <Pages.PrivacyPage />, handle: routeHandle('public') },
          { path: 'legal/cookies', element: <Pages.CookiesPage />, handle: routeHandle('public') },
          { path: 'auth/signin', element: <Pages.SignInPage />, handle: routeHandle('guest') },
          {
            // Shown once, after this tab deleted its account (the page checks that itself).
            path: 'account-deleted',
            element: <Pages.AccountDeletedPage />,
            handle: routeHandle('public'),
          },
          {
            path: 'auth/callback/:provider?',
            element: <Pages.AuthCallbackPage />,
            // Guest only, but enforced by the page: the gate would redirect the moment the session
            // starts, before the page can send the user on to where the sign-in began.
            handle: routeHandle('public'),
          },
          {
            path: 'onboarding/*',
            element: <Pages.OnboardingPage />,
            handle: routeHandle('onboarding'),
          },
          {
            path: 'dashboard',
            element: <Pages.DashboardPage />,
            handle: routeHandle('member', prefetchDashboard),
          },
          { path: 'search', element: <Pages.SearchPage />, handle: routeHandle('member') },
          { path: 'premium', element: <Pages.PremiumPage />, handle: routeHandle('member') },
          { path: 'pocket', element: <Pages.PocketPage />, handle: routeHandle('member') },
          { path: 'practice', element: <Pages.PracticePage />, handle: routeHandle('member') },
          {
            path: 'session-ended',
            element: <Pages.SessionEndedPage />,
            handle: routeHandle('member'),
          },
          {
            path: 'settings',
            // General is open to every signed-in user, even blocked or not yet onboarded ones.
            handle: routeHandle('account'),
            children: [
              { index: true, element: <Navigate to="/settings/general" replace /> },
              {
                path: 'general',
                element: <Pages.SettingsGeneralPage />,
                handle: routeHandle('account'),
              },
              {
                path: 'profile',
                element: <Pages.SettingsProfilePage />,
                handle: routeHandle('member'),
              },
              {
                path: 'languages',
                element: <Pages.SettingsLanguagesPage />,
                handle: routeHandle('member'),
              },
            ],
          },
          {
            // Moderators need not have finished onboarding; the console asks the API for the role.
            path: 'moderation/*',
            element: <Pages.ModerationConsole />,
            handle: routeHandle('account'),
          },
          { path: '*', element: <Navigate to="/" replace />, handle: routeHandle('public') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * The routes a path shows, matched once per path: the start-up asks for them three times (code,
 * texts, data), and each match ranks every route again.
 */
let lastMatch: { pathname: string; matches: RouteMatch[] } | undefined;
function matchesOf(pathname: string): RouteMatch[] {
  if (lastMatch?.pathname !== pathname) {
    lastMatch = { pathname, matches: matchRoutes(routes, pathname) ?? [] };
  }
  return lastMatch.matches;
}

function lazyPagesOf(pathname: string): LazyPage<object>[] {
  return matchesOf(pathname).flatMap(({ route }) => {
    const page = isValidElement(route.element) ? route.element.type : null;
    return typeof (page as Partial<LazyPage<object>> | null)?.preload === 'function'
      ? [page as LazyPage<object>]
      : [];
  });
}

/** The translation namespaces the pages a path shows ask for. */
export function pageNamespaces(pathname: string): string[] {
  return [...new Set(lazyPagesOf(pathname).flatMap((page) => page.namespaces))];
}

/**
 * Loads the code of the pages a path shows, so a prerendered page hydrates without suspending
 * and a signed-in page renders as soon as its data is there.
 */
export function preloadPages(pathname: string): Promise<unknown> {
  return Promise.all(lazyPagesOf(pathname).map((page) => page.preload()));
}

/**
 * Asks for the data of the pages a path shows, beside the session's restore: a signed-in page
 * then renders complete once its code and the user have arrived, instead of asking for its data
 * after its first render (a round trip more). Only for a stored session: the requests need it.
 */
export function prefetchRouteData(pathname: string, queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    matchesOf(pathname).map(({ route }) =>
      isRouteHandle(route.handle) && route.handle.prefetch
        ? route.handle.prefetch(queryClient)
        : Promise.resolve(),
    ),
  );
}
