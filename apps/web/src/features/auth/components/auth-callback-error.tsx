import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import type { SignInFailure } from '@/features/auth/lib/complete-sign-in';

type AuthCallbackErrorProps = { failure: SignInFailure };

/** The card of spec §8 when the sign-in could not be completed. */
export function AuthCallbackError({ failure }: AuthCallbackErrorProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto flex min-h-[60vh] w-full max-w-md flex-col justify-center px-4 py-16 sm:px-6">
      <section
        aria-labelledby="auth-callback-error-title"
        className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-coral-100 text-coral-600">
          <AlertIcon className="size-7" />
        </span>
        <h1
          id="auth-callback-error-title"
          className="mt-5 text-2xl font-bold tracking-tight text-balance text-ink"
        >
          {t('callback.error.title')}
        </h1>
        <p className="mt-2 text-base text-stone-600">{t('callback.error.subtitle')}</p>
        <p
          role="alert"
          className="mt-6 rounded-2xl bg-red-50 px-4 py-3 text-sm leading-6 text-pretty text-red-800"
        >
          {t(`callback.error.${failure}`)}
        </p>
        <ButtonLink to="/auth/signin" replace className="mt-8 w-full">
          {t('callback.error.back_to_sign_in')}
        </ButtonLink>
      </section>
    </div>
  );
}
