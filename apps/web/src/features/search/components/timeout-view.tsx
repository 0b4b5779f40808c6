import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReferralLinkField } from '@/components/referral/referral-link-field';
import { Button } from '@/components/ui/button';
import { HourglassIcon } from '@/components/ui/icons';
import { currentUserQueryOptions } from '@/lib/current-user';
import { referralLink } from '@/lib/referral-link';
import { SearchCard } from '@/features/search/components/search-card';
import { useCopy } from '@/lib/use-copy';

const LINK_INPUT_ID = 'search-referral-link';

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
      <ReferralLinkField
        id={LINK_INPUT_ID}
        label={t('timeout.link_label')}
        link={link}
        copied={copied}
        onCopy={() => void copy()}
        copyLabel={t('timeout.copy')}
        copiedLabel={t('timeout.copied')}
      />
      {feedback === 'failed' && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('timeout.copy_failed')}
        </p>
      )}
    </SearchCard>
  );
}
