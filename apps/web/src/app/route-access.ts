import type { QueryClient } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import type { AccessKind } from '@/app/access';

export type RouteHandle = {
  access: AccessKind;
  /**
   * Asks for the data the page shows first, when the app starts on its address signed in; settles
   * when the answers are in the cache, never rejects.
   */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
};

export function routeHandle(
  access: AccessKind,
  prefetch?: (queryClient: QueryClient) => Promise<unknown>,
): RouteHandle {
  return prefetch ? { access, prefetch } : { access };
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'access' in handle;
}

/** The access kind of the deepest matched route that declares one; unmarked means members only. */
export function useRouteAccessKind(): AccessKind {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.access;
  }
  return 'member';
}

export function isPublicAccess(kind: AccessKind) {
  return kind === 'public' || kind === 'landing';
}
