import { useTranslation } from 'react-i18next';

/** The sign-in return. The code exchange arrives with the sign-in flow; until then it waits. */
export function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  return (
    <div
      role="status"
      className="mx-auto flex min-h-[60vh] w-full max-w-md flex-col items-center justify-center px-6 py-16 text-center"
    >
      <span className="size-10 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-600" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink">{t('callback.title')}</h1>
      <p className="mt-2 text-base text-stone-600">{t('callback.verifying')}</p>
    </div>
  );
}
