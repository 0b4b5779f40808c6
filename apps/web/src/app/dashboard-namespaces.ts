/**
 * The translation namespaces the dashboard's parts ask for, loaded beside its code. The build
 * (vite.config.ts) also puts them in one file per language, so this module imports nothing.
 */
export const DASHBOARD_NAMESPACES = ['dashboard', 'forms', 'tokens', 'pocket', 'after-call'];
