import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-form.ts';

describe('parseStripeForm', () => {
  it('reads the bracket notation the Stripe SDK writes into nested objects and arrays', () => {
    const body =
      'mode=subscription&line_items[0][quantity]=1&line_items[0][price_data][currency]=eur' +
      '&line_items[0][price_data][recurring][interval]=month&metadata[userId]=u1&success_url=' +
      encodeURIComponent('http://x/premium?checkout=success');
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [
        { quantity: '1', price_data: { currency: 'eur', recurring: { interval: 'month' } } },
      ],
      metadata: { userId: 'u1' },
      success_url: 'http://x/premium?checkout=success',
    });
  });

  it('ignores keys that would reach an object prototype', () => {
    const parsed = parseStripeForm('__proto__[polluted]=1&a[constructor][x]=2&b=3');
    expect(parsed).toEqual({ b: '3' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
