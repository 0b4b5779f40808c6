/**
 * The history state onboarding leaves on the page it ends on, so that page can tell a person who
 * has only just joined ("Welcome") from one coming back ("Welcome back"). It lives with that
 * history entry: a reload keeps it, a later visit does not have it.
 */
export const JUST_JOINED_STATE = { justJoined: true } as const;

export function isJustJoined(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'justJoined' in state
    ? state.justJoined === true
    : false;
}
