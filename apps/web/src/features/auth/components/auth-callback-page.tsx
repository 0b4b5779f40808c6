import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { DEFAULT_RETURN_TO } from '@/lib/return-to';
import { AuthCallbackError } from '@/features/auth/components/auth-callback-error';
import { completeSignIn, type SignInFailure } from '@/features/auth/lib/complete-sign-in';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useSignInProgress } from '@/features/auth/stores/sign-in-progress-store';

/**
 * The provider's return: exchanges the code, loads the user and moves on (spec §2, §4), or shows
 * why it could not. The route is open to everyone so that the moment the session starts does not
 * redirect away from here; a user who arrives already signed in is sent on like on any guest page.
 */
export function AuthCallbackPage() {
  const { provider } = useParams();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const navigate = useNavigate();
  const [signedInOnArrival] = useState(() => useAuthStore.getState().status === 'signed_in');
  const [failure, setFailure] = useState<SignInFailure | null>(null);

  useEffect(() => {
    if (signedInOnArrival) return;
    let active = true;
    void completeSignIn({ provider, code, state }).then((result) => {
      if (!active) return;
      if (result.ok) void navigate(result.returnTo, { replace: true });
      else setFailure(result.failure);
    });
    return () => {
      active = false;
    };
  }, [signedInOnArrival, provider, code, state, navigate]);

  if (signedInOnArrival) return <Navigate to={DEFAULT_RETURN_TO} replace />;
  if (failure) return <AuthCallbackError failure={failure} />;
  return <AuthCallbackProgress />;
}

function AuthCallbackProgress() {
  const { t } = useTranslation('auth');
  const phase = useSignInProgress((progress) => progress.phase);
  return (
    <div
      role="status"
      aria-live="polite"
      className="mx-auto flex min-h-[60vh] w-full max-w-md flex-col items-center justify-center px-6 py-16 text-center"
    >
      <span className="size-10 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-600" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink">{t('callback.title')}</h1>
      <p className="mt-2 text-base text-stone-600">
        {phase === 'verifying' ? t('callback.verifying') : t('callback.almost_there')}
      </p>
    </div>
  );
}
