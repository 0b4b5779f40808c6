import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckIcon, CopyIcon, HourglassIcon } from '@/components/ui/icons';
import { currentUserQueryOptions } from '@/lib/current-user';
import { SearchCard } from '@/features/search/components/search-card';
import { useCopy } from '@/features/search/hooks/use-copy';

const LINK_INPUT_ID = 'search-referral-link';

export function referralLink(referralId: string, origin = window.location.origin) {
  return `${origin}/?ref=${encodeURIComponent(referralId)}`;
}

/** No partner within 60 s: invite friends, or try again (spec §2 "Search", timeout view). */
export function TimeoutView({ onTryAgain }: { onTryAgain: () => void }) {
  const { t } = useTranslation('search');
  const { data: user } = useQuery(currentUserQueryOptions());
  const link = user ? referralLink(user.referralId) : '';
  const { feedback, copy } = useCopy(link);
  const copied = feedback === 'copied';
  return (
    <SearchCard
      icon={<HourglassIcon className="size-6" />}
      title={t('timeout.title')}
      actions={<Button onClick={onTryAgain}>{t('timeout.try_again')}</Button>}
    >
      <p className="mt-2 text-sm leading-6 text-stone-600">{t('timeout.text')}</p>
      <h3 className="mt-6 text-base font-semibold text-ink">{t('timeout.invite_title')}</h3>
      <p className="mt-1 text-sm leading-6 text-stone-600">{t('timeout.invite_text')}</p>
      <label htmlFor={LINK_INPUT_ID} className="mt-4 block text-sm font-semibold text-ink">
        {t('timeout.link_label')}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={LINK_INPUT_ID}
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-xl border border-stone-300 bg-stone-50 px-3 text-sm text-ink focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
        />
        <Button variant="secondary" onClick={() => void copy()} disabled={!link}>
          {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
          {copied ? t('timeout.copied') : t('timeout.copy')}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? t('timeout.copied') : ''}
      </p>
      {feedback === 'failed' && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('timeout.copy_failed')}
        </p>
      )}
    </SearchCard>
  );
}
