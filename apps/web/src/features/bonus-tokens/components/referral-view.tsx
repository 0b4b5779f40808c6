import { useQuery } from '@tanstack/react-query';
import { REFERRAL_BONUS_TOKENS } from '@parlo/contract/token-math';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckIcon, CopyIcon, GiftIcon, ShareIcon } from '@/components/ui/icons';
import { currentUserQueryOptions } from '@/lib/current-user';
import { useShareLink } from '@/features/bonus-tokens/hooks/use-share-link';
import { ViewHeader } from '@/features/bonus-tokens/components/view-header';
import { referralLink } from '@/features/bonus-tokens/lib/referral-link';

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
  const copied = feedback.kind === 'copied';
  const error =
    feedback.kind === 'copy_failed' || feedback.kind === 'share_failed'
      ? t(`bonus.referral.${feedback.kind}`)
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
      <label htmlFor={LINK_INPUT_ID} className="mt-5 block text-sm font-semibold text-ink">
        {t('bonus.referral.link_label')}
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
          {copied ? t('bonus.referral.copied') : t('bonus.referral.copy')}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? t('bonus.referral.copied') : ''}
      </p>
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
