import { useMatches } from 'react-router';
import type { AccessKind } from '@/app/access';

export type RouteHandle = { access: AccessKind };

export function routeHandle(access: AccessKind): RouteHandle {
  return { access };
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
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
