import { SESSION_LENGTH_SECONDS } from '@parlo/contract/constants';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { TimerIcon } from '@/components/ui/icons';

type StartSessionCardProps = { hasCurrentLanguage: boolean };

/** The way into a session; without a current language there is nobody to match with. */
export function StartSessionCard({ hasCurrentLanguage }: StartSessionCardProps) {
  const { t } = useTranslation('dashboard');
  const minutes = SESSION_LENGTH_SECONDS / 60;
  return (
    <section
      aria-labelledby="start-session-title"
      className="relative overflow-hidden rounded-3xl bg-brand-700 p-6 text-white shadow-sm sm:p-7"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-16 size-48 rounded-full bg-brand-500/40"
      />
      <div
        aria-hidden="true"
        className="absolute -right-6 -bottom-20 size-40 rounded-full bg-brand-400/30"
      />
      <div className="relative">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold">
          <TimerIcon className="size-3.5" />
          {t('start.badge', { minutes })}
        </span>
        <h2 id="start-session-title" className="mt-4 text-xl font-bold">
          {t('start.title')}
        </h2>
        <p className="mt-1.5 text-sm leading-6 text-brand-50/90">{t('start.text')}</p>
        {hasCurrentLanguage ? (
          <ButtonLink
            to="/search"
            size="lg"
            variant="secondary"
            className="mt-6 w-full text-brand-800! ring-0 sm:w-auto"
          >
            {t('start.button')}
          </ButtonLink>
        ) : (
          <>
            <Button
              size="lg"
              variant="secondary"
              disabled
              aria-describedby="start-session-hint"
              className="mt-6 w-full ring-0 sm:w-auto"
            >
              {t('start.button')}
            </Button>
            <p id="start-session-hint" className="mt-2 text-sm text-brand-50/90">
              {t('start.needs_language')}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
