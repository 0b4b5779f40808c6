import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/notices/loading-page';
import { currentUserQueryKey, currentUserQueryOptions } from '@/lib/current-user';
import { LanguageStep } from '@/features/onboarding/components/language-step';
import { ProfileStep } from '@/features/onboarding/components/profile-step';
import { StepIndicator } from '@/features/onboarding/components/step-indicator';
import { onboardingStep } from '@/features/onboarding/lib/onboarding-step';
import { onboardingReturnTo } from '@/features/onboarding/lib/return-to';

/**
 * The two onboarding steps. The step follows from the user: no profile → profile; a profile
 * without a current language → language; both → on to returnTo.
 */
export function OnboardingPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = onboardingReturnTo(searchParams.get('returnTo'));
  const { data: user } = useQuery(currentUserQueryOptions());

  if (!user) return <PageSpinner />;
  const step = onboardingStep(user);
  if (step === 'done') return <Navigate to={returnTo} replace />;

  async function finish() {
    await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
    await navigate(returnTo, { replace: true });
  }

  return (
    <div className="relative flex-1 overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-brand-50 to-transparent"
      />
      <div className="relative mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
          {t('common:pages.onboarding.title')}
        </h1>
        <div className="mt-6">
          <StepIndicator current={step} />
        </div>
        <section
          aria-labelledby="onboarding-step-title"
          className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8"
        >
          <h2
            id="onboarding-step-title"
            className="text-xl font-bold tracking-tight text-balance text-ink sm:text-2xl"
          >
            {t(`${step}.title`)}
          </h2>
          <p className="mt-2 text-base leading-7 text-stone-600">{t(`${step}.subtitle`)}</p>
          <div className="mt-8">
            {step === 'profile' ? (
              <ProfileStep />
            ) : (
              <LanguageStep
                profile={user.profile ?? { languageCode: null, languages: [] }}
                onFinished={() => void finish()}
              />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
