import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/icons';
import { ONBOARDING_STEPS } from '@/features/onboarding/lib/onboarding-step';

type StepIndicatorProps = { current: (typeof ONBOARDING_STEPS)[number] };

/** The two steps with their titles; the current one is marked for assistive technology. */
export function StepIndicator({ current }: StepIndicatorProps) {
  const { t } = useTranslation('onboarding');
  const currentIndex = ONBOARDING_STEPS.indexOf(current);
  return (
    <nav aria-label={t('steps.label')}>
      <ol className="flex items-center gap-3">
        {ONBOARDING_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const isCurrent = index === currentIndex;
          return (
            <li key={step} className="flex flex-1 items-center gap-3">
              <span
                aria-current={isCurrent ? 'step' : undefined}
                className="flex min-w-0 items-center gap-2.5"
              >
                <span
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                    done
                      ? 'bg-brand-600 text-white'
                      : isCurrent
                        ? 'bg-brand-600 text-white ring-4 ring-brand-100'
                        : 'bg-stone-200 text-stone-600'
                  }`}
                >
                  {done ? <CheckIcon className="size-4" /> : index + 1}
                </span>
                <span
                  className={`truncate text-sm font-semibold ${isCurrent ? 'text-ink' : 'text-stone-500'}`}
                >
                  <span className="sr-only">
                    {t('steps.progress', {
                      current: index + 1,
                      total: ONBOARDING_STEPS.length,
                    })}{' '}
                  </span>
                  {t(`steps.${step}`)}
                </span>
              </span>
              {index < ONBOARDING_STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`h-0.5 flex-1 rounded-full ${done ? 'bg-brand-600' : 'bg-stone-200'}`}
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
