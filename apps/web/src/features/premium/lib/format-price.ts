import { majorAmount, type PremiumPrice } from '@parlo/contract/billing';

/** The price as the interface language writes money, e.g. "€4.99", "4,99 €", "₩6,900". */
export function formatPrice(
  price: Pick<PremiumPrice, 'currency' | 'unitAmount'>,
  language?: string,
) {
  return new Intl.NumberFormat(language, { style: 'currency', currency: price.currency }).format(
    majorAmount(price),
  );
}
