import { useMutation } from '@tanstack/react-query';
import type { BillingRedirect, CheckoutBody } from '@parlo/contract/billing';
import { apiClient } from '@/lib/api-client';
import { goTo } from '@/features/premium/lib/go-to';

/** Opens Stripe Checkout for Premium in `currency`; answers the hosted page's address. */
export function startCheckout(body: CheckoutBody): Promise<BillingRedirect> {
  return apiClient.post<BillingRedirect>('/api/v1/billing/checkout', body);
}

/** Starts the checkout and leaves for Stripe's page. */
export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout, onSuccess: ({ url }) => goTo(url) });
}
