/**
 * Marks a #root that holds a member's app shell (the dashboard's first screen, prerendered): the
 * app clears it for a visitor, who is on the way to signing in, not to the dashboard.
 */
export const APP_SHELL_ATTRIBUTE = 'data-app-shell';
