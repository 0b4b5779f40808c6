import { useMutation } from '@tanstack/react-query';
import type { BillingRedirect } from '@parlo/contract/billing';
import { apiClient } from '@/lib/api-client';
import { goTo } from '@/features/premium/lib/go-to';

/** Opens the Stripe Billing Portal (cancel, card, invoices); answers its address. */
export function openPortal(): Promise<BillingRedirect> {
  return apiClient.post<BillingRedirect>('/api/v1/billing/portal');
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal, onSuccess: ({ url }) => goTo(url) });
}
