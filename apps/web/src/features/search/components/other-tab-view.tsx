import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { UsersIcon } from '@/components/ui/icons';
import { SearchCard } from '@/features/search/components/search-card';

/**
 * In place of Find Session while another tab holds the user's one socket (close code 4999): a
 * search from here could never hear its match, so the page says what the app-wide notice says.
 */
export function OtherTabView() {
  const { t } = useTranslation('realtime');
  return (
    <SearchCard
      icon={<UsersIcon className="size-6" />}
      title={t('notice.duplicate.title')}
      actions={<Button onClick={() => window.location.reload()}>{t('notice.refresh')}</Button>}
    >
      <p className="mt-2 text-sm leading-6 text-stone-600">{t('notice.duplicate.text')}</p>
    </SearchCard>
  );
}
