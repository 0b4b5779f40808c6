import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenNotice } from '@/components/notices/full-screen-notice';
import { PageSpinner } from '@/components/notices/loading-page';
import { ButtonLink } from '@/components/ui/button';
import { AlertIcon, HourglassIcon } from '@/components/ui/icons';
import { currentUserQueryOptions } from '@/lib/current-user';
import { restrictionOf, type Restriction } from '@/features/blocked/lib/restriction';

type TemporaryRestriction = Extract<Restriction, { kind: 'temporary' }>;

function TemporaryDetails({ restriction }: { restriction: TemporaryRestriction }) {
  const { t, i18n } = useTranslation('blocked');
  const language = i18n.resolvedLanguage ?? 'en';
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <>
      <p>{t('temporary.description')}</p>
      <p className="mt-4 text-lg font-semibold text-ink">
        {t('temporary.hours_remaining', { count: restriction.hoursRemaining })}
      </p>
      <dl className="mx-auto mt-4 grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
        {restriction.startedAt && (
          <>
            <dt className="text-stone-500">{t('temporary.started')}</dt>
            <dd className="font-medium text-ink">{date.format(restriction.startedAt)}</dd>
          </>
        )}
        <dt className="text-stone-500">{t('temporary.ends')}</dt>
        <dd className="font-medium text-ink">{dateTime.format(restriction.endsAt)}</dd>
      </dl>
    </>
  );
}

/** Shown instead of every protected page while the account is restricted (spec §2, §6). */
export function BlockedPage() {
  const { t } = useTranslation('blocked');
  const { data: user } = useQuery(currentUserQueryOptions());
  // Read once per visit: the hours left do not need to tick while the page is open.
  const [now] = useState(() => Date.now());
  if (!user) return <PageSpinner />;

  const restriction = restrictionOf(user, now);
  const temporary = restriction.kind === 'temporary';
  return (
    <FullScreenNotice
      variant="inline"
      icon={temporary ? <HourglassIcon className="size-8" /> : <AlertIcon className="size-8" />}
      title={temporary ? t('temporary.title') : t('permanent.title')}
      description={
        <>
          {temporary ? (
            <TemporaryDetails restriction={restriction} />
          ) : (
            <p>{t('permanent.description')}</p>
          )}
          <p className="mt-4 text-sm">{t('delete_hint')}</p>
        </>
      }
      actions={
        <ButtonLink to="/settings/general" variant="secondary">
          {t('settings_link')}
        </ButtonLink>
      }
    />
  );
}
