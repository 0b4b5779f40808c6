import { useTranslation } from 'react-i18next';

/** Shown while the app starts; it must render before any translations have loaded. */
export function LoadingPage() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-paper"
    >
      <svg viewBox="0 0 64 64" className="size-14 motion-safe:animate-pulse" aria-hidden="true">
        <rect width="64" height="64" rx="16" fill="#0f766e" />
        <path
          d="M18 20h18a10 10 0 0 1 0 20h-8l-8 7v-7h-2a4 4 0 0 1-4-4V24a4 4 0 0 1 4-4z"
          fill="#fff"
        />
        <circle cx="44" cy="24" r="6" fill="#fb7c5f" />
      </svg>
      <span className="size-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      {ready && <span className="sr-only">{t('notices.loading')}</span>}
    </div>
  );
}

/**
 * A smaller spinner for a page whose code or texts are still on their way. In place of a whole
 * page (`fill`) it takes the screen below the header, so the footer is not in view while the
 * page loads only to be pushed away by it (a layout shift: 0.196 on sign-in in Lighthouse).
 */
export function PageSpinner({ fill = false }: { fill?: boolean }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      role="status"
      className={`flex items-center justify-center ${fill ? 'min-h-[calc(100dvh-4rem)]' : 'min-h-[50vh]'}`}
    >
      <span className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      {ready && <span className="sr-only">{t('notices.loading')}</span>}
    </div>
  );
}
