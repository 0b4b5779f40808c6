import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/notices/loading-page';
import { currentUserQueryKey, currentUserQueryOptions } from '@/lib/current-user';
import { JUST_JOINED_STATE } from '@/lib/just-joined';
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
  const step = user ? onboardingStep(user) : null;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  // Whether this visit showed a step: then leaving is arriving, not coming back.
  const [joining, setJoining] = useState(false);
  if (!joining && (step === 'profile' || step === 'language')) setJoining(true);

  // After "Continue" the form a keyboard or screen-reader user was in is gone: start them at the
  // new step's heading rather than at the top of the page.
  useEffect(() => {
    if (shownStep.current !== null && step !== shownStep.current) stepHeading.current?.focus();
    shownStep.current = step;
  }, [step]);

  if (!user || step === null) return <PageSpinner />;
  const arrival = joining ? JUST_JOINED_STATE : undefined;
  if (step === 'done') return <Navigate to={returnTo} replace state={arrival} />;

  async function finish() {
    await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
    await navigate(returnTo, { replace: true, state: JUST_JOINED_STATE });
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
            ref={stepHeading}
            id="onboarding-step-title"
            tabIndex={-1}
            className="text-xl font-bold tracking-tight text-balance text-ink outline-none sm:text-2xl"
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
