import { useQuery } from '@tanstack/react-query';
import { nextTokenReset, tokenBalance, type TokenBalance } from '@parlo/contract/token-math';
import type { Subscription } from '@parlo/contract/tokens';
import { activeSubscriptionQueryOptions } from '@/lib/api/get-active-subscription';
import { bonusTokenCountQueryOptions } from '@/lib/api/get-bonus-token-count';
import { usagesQueryOptions } from '@/lib/api/get-usages';

/** Every token query sits under this key; a grant or a session invalidates them together. */
export const tokensQueryKey = ['tokens'] as const;

/** Without a subscription (404) there is no daily allowance: only bonus tokens count. */
const NO_SUBSCRIPTION: Subscription = {
  id: '',
  status: 'active',
  startedAt: '',
  endsAt: null,
  plan: { code: 'free', name: '', features: [] },
};

export type TokenBalanceState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      balance: TokenBalance;
      subscription: Subscription | null;
      /** When the daily allowance comes back: the next 00:00 UTC. */
      resetsAt: Date;
    };

/** The user's tokens from the three token calls, in the contract's arithmetic (spec §5). */
export function useTokenBalance(): TokenBalanceState {
  const subscription = useQuery(activeSubscriptionQueryOptions());
  const usages = useQuery(usagesQueryOptions());
  const bonus = useQuery(bonusTokenCountQueryOptions());

  if (subscription.isError || usages.isError || bonus.isError) {
    return {
      status: 'error',
      retry: () => {
        if (subscription.isError) void subscription.refetch();
        if (usages.isError) void usages.refetch();
        if (bonus.isError) void bonus.refetch();
      },
    };
  }
  if (subscription.data === undefined || !usages.data || !bonus.data) return { status: 'loading' };

  const tokensUsage = usages.data.find((usage) => usage.featureCode === 'tokens');
  return {
    status: 'ready',
    balance: tokenBalance(subscription.data ?? NO_SUBSCRIPTION, usages.data, bonus.data.count),
    subscription: subscription.data,
    resetsAt: tokensUsage ? new Date(tokensUsage.resetsAt) : nextTokenReset(new Date()),
  };
}
