import { useTranslation } from 'react-i18next';
import type { TokenBalance } from '@parlo/contract/tokens';
import { PremiumBadge } from '@/components/tokens/premium-badge';
import { TicketIcon } from '@/components/ui/icons';

type TokenCountProps = { balance: TokenBalance; className?: string };

/** "3 tokens left today", or "Unlimited tokens" with the Premium badge. */
export function TokenCount({ balance, className = '' }: TokenCountProps) {
  const { t } = useTranslation('tokens');
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 ${className}`.trim()}>
      <span className="inline-flex items-center gap-1.5">
        <TicketIcon className="size-4 shrink-0" />
        {balance.unlimited
          ? t('count.unlimited')
          : t('count.left_today', { count: balance.available })}
      </span>
      {balance.premium && <PremiumBadge />}
    </span>
  );
}
