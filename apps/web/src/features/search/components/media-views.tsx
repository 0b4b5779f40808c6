import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { SearchCard, Spinner } from '@/features/search/components/search-card';
import type { MediaPermission } from '@/features/search/lib/search-state';

export function MediaCheckingView() {
  const { t } = useTranslation('search');
  return (
    <SearchCard icon={<Spinner />} title={t('media.checking')}>
      <p className="mt-2 text-sm leading-6 text-stone-600">{t('media.checking_text')}</p>
    </SearchCard>
  );
}

type MediaProblemViewProps = {
  media: Extract<MediaPermission, 'denied' | 'not_found' | 'error'>;
  onRetry: () => void;
  onBack: () => void;
};

/** Camera or microphone refused, missing or failing: why, and how to go on (spec §2, §8 "Media"). */
export function MediaProblemView({ media, onRetry, onBack }: MediaProblemViewProps) {
  const { t } = useTranslation('search');
  return (
    <SearchCard
      icon={<AlertIcon className="size-6" />}
      title={t(`media.${media}.title`)}
      actions={
        <>
          <Button onClick={onRetry}>
            {media === 'denied' ? t('media.allow_access') : t('media.try_again')}
          </Button>
          <Button variant="secondary" onClick={onBack}>
            {t('errors.back')}
          </Button>
        </>
      }
    >
      <p className="mt-2 text-sm leading-6 text-stone-600">{t(`media.${media}.text`)}</p>
      {media === 'denied' && (
        <p className="mt-2 text-sm leading-6 text-stone-600">{t('media.denied.hint')}</p>
      )}
    </SearchCard>
  );
}
