import { useQuery } from '@tanstack/react-query';
import { REFERRAL_BONUS_TOKENS } from '@parlo/contract/token-math';
import { useTranslation } from 'react-i18next';
import { ReferralLinkField } from '@/components/referral/referral-link-field';
import { Button } from '@/components/ui/button';
import { GiftIcon, ShareIcon } from '@/components/ui/icons';
import { currentUserQueryOptions } from '@/lib/current-user';
import { useShareLink } from '@/features/bonus-tokens/hooks/use-share-link';
import { ViewHeader } from '@/features/bonus-tokens/components/view-header';
import { referralLink } from '@/lib/referral-link';

type ReferralViewProps = { onClose: () => void; onBack?: () => void };

const LINK_INPUT_ID = 'bonus-referral-link';

/** Referral mode: the user's invitation link, to copy or share (spec §2). */
export function ReferralView({ onClose, onBack }: ReferralViewProps) {
  const { t } = useTranslation('tokens');
  const { data: user } = useQuery(currentUserQueryOptions());
  const link = user ? referralLink(user.referralId) : '';
  const { feedback, copy, share } = useShareLink(link, {
    title: t('bonus.referral.share_title'),
    text: t('bonus.referral.share_text'),
  });
  const copied = feedback === 'copied';
  const error =
    feedback === 'copy_failed' || feedback === 'share_failed'
      ? t(`bonus.referral.${feedback}`)
      : null;

  return (
    <div>
      <ViewHeader
        title={t('bonus.referral.title')}
        icon={<GiftIcon className="size-5" />}
        onBack={onBack}
        focusTitle={onBack !== undefined}
      />
      <p className="mt-2 text-sm leading-6 text-stone-600">
        {t('bonus.referral.text', { count: REFERRAL_BONUS_TOKENS })}
      </p>
      <ReferralLinkField
        id={LINK_INPUT_ID}
        label={t('bonus.referral.link_label')}
        link={link}
        copied={copied}
        onCopy={() => void copy()}
        copyLabel={t('bonus.referral.copy')}
        copiedLabel={t('bonus.referral.copied')}
      />
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('bonus.close')}
        </Button>
        <Button onClick={() => void share()} disabled={!link}>
          <ShareIcon className="size-4" />
          {t('bonus.referral.share')}
        </Button>
      </div>
    </div>
  );
}
