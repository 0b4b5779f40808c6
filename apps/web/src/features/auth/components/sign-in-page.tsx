import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MIN_AGE, type Provider } from '@parlo/contract/constants';
import { ShieldCheckIcon, TimerIcon, UsersIcon } from '@/components/ui/icons';
import { env } from '@/config/env';
import { ProviderButton } from '@/features/auth/components/provider-button';
import { SignInMarketingPanel } from '@/features/auth/components/sign-in-marketing-panel';
import { startSignIn } from '@/features/auth/lib/start-sign-in';

const BLURBS = [
  { key: 'sessions', Icon: TimerIcon },
  { key: 'matching', Icon: UsersIcon },
  { key: 'privacy', Icon: ShieldCheckIcon },
] as const;

const legalLinkClasses =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function SignInPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const [pending, setPending] = useState<Provider | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  const returnTo = searchParams.get('returnTo');

  // Coming back from the provider with the Back button restores this page from the cache.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  async function handleSignIn(provider: Provider) {
    setPending(provider);
    setStartFailed(false);
    try {
      // On success the browser leaves for the provider, so the buttons stay busy until then.
      await startSignIn(provider, returnTo);
    } catch {
      setPending(null);
      setStartFailed(true);
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:px-8">
      <div className="mx-auto w-full max-w-md lg:mx-0 lg:py-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
          {t('sign_in.title')}
        </h1>
        <p className="mt-3 text-base leading-7 text-stone-600">{t('sign_in.subtitle')}</p>

        {/* Only providers the server can sign in with: a button that can only fail is not shown. */}
        <div className="mt-8 space-y-3">
          {env.signInProviders.map((provider) => (
            <ProviderButton
              key={provider}
              provider={provider}
              disabled={pending !== null}
              busy={pending === provider}
              onClick={() => void handleSignIn(provider)}
            />
          ))}
        </div>
        {env.signInProviders.length === 0 && (
          <p
            role="status"
            className="mt-8 rounded-2xl bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900"
          >
            {t('sign_in.unavailable')}
          </p>
        )}
        {startFailed && (
          <p
            role="alert"
            className="mt-4 rounded-2xl bg-red-50 px-4 py-3 text-sm leading-6 text-red-800"
          >
            {t('sign_in.start_failed')}
          </p>
        )}

        <p className="mt-5 text-center text-xs leading-5 text-stone-500">
          <Trans
            t={t}
            i18nKey="sign_in.legal_notice"
            values={{ age: MIN_AGE }}
            components={{
              terms: <Link to="/legal/terms" className={legalLinkClasses} />,
              privacy: <Link to="/legal/privacy" className={legalLinkClasses} />,
            }}
          />
        </p>

        <ul className="mt-10 space-y-5 border-t border-stone-200 pt-8">
          {BLURBS.map(({ key, Icon }) => (
            <li key={key} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-5" />
              </span>
              <div>
                <h2 className="text-sm font-semibold text-ink">
                  {t(`sign_in.blurbs.${key}.title`)}
                </h2>
                <p className="mt-0.5 text-sm leading-6 text-stone-600">
                  {t(`sign_in.blurbs.${key}.text`)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>

      <SignInMarketingPanel />
    </div>
  );
}
