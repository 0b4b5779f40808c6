import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TokenCount } from '@/components/tokens/token-count';
import { GiftIcon, SparkleIcon } from '@/components/ui/icons';
import { openBonusTokens } from '@/lib/tokens/bonus-tokens-dialog-store';
import { useTokenBalance } from '@/lib/tokens/use-token-balance';
import { menuItemClasses, menuSeparatorClasses } from '@/app/layouts/menu-styles';

/**
 * Today's tokens in the account menu, with the ways to more: bonus tokens for everyone on a
 * daily allowance, the Premium page for free users (spec §6: indicator and upgrade button).
 */
export function TokenMenuSection() {
  // The header sits outside the page's Suspense boundary: wait for the texts without suspending.
  const { t, ready } = useTranslation('tokens', { useSuspense: false });
  const tokens = useTokenBalance();
  if (!ready) return null;

  return (
    <>
      <DropdownMenu.Separator className={menuSeparatorClasses} />
      <div className="px-3 py-2 text-sm font-medium text-ink" aria-live="polite">
        {tokens.status === 'ready' && <TokenCount balance={tokens.balance} />}
        {tokens.status === 'loading' && (
          <span className="text-stone-500">{t('count.loading')}</span>
        )}
        {tokens.status === 'error' && <span className="text-stone-500">{t('count.error')}</span>}
      </div>
      {!(tokens.status === 'ready' && tokens.balance.unlimited) && (
        <DropdownMenu.Item className={menuItemClasses} onSelect={() => openBonusTokens()}>
          <GiftIcon className="size-4 text-stone-500" />
          {t('count.get_more')}
        </DropdownMenu.Item>
      )}
      {!(tokens.status === 'ready' && tokens.balance.premium) && (
        <DropdownMenu.Item asChild className={menuItemClasses}>
          <Link to="/premium">
            <SparkleIcon className="size-4 text-amber-600" />
            {t('count.go_premium')}
          </Link>
        </DropdownMenu.Item>
      )}
    </>
  );
}
