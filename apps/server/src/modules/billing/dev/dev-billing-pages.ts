import { escapeHtml } from '../../../lib/html.ts';
import type { DevSubscription } from './dev-billing-engine.ts';

/**
 * The development provider's hosted pages, standing in for Stripe Checkout and the Billing
 * Portal. They are Stripe's pages, not Parlo's: English only, like the development sign-in page.
 */

/** Stripe counts JPY and KRW in whole units, the others in hundredths. */
const money = (amount: number, currency: string) => {
  const upper = currency.toUpperCase();
  const major = ['JPY', 'KRW'].includes(upper) ? amount : amount / 100;
  return new Intl.NumberFormat('en', { style: 'currency', currency: upper }).format(major);
};

const day = (seconds: number) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(seconds * 1000);

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0;
    display: grid; min-height: 100vh; place-items: center; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 4px 24px rgb(0 0 0 / 8%);
    padding: 32px; width: min(440px, calc(100vw - 32px)); box-sizing: border-box; }
  .tag { display: inline-block; font-size: .75rem; font-weight: 600; color: #635bff;
    background: #eeedff; border-radius: 999px; padding: 2px 10px; }
  h1 { margin: 12px 0 4px; font-size: 1.4rem; }
  .price { font-size: 2rem; font-weight: 700; margin: 8px 0 4px; }
  p { color: #4f566b; line-height: 1.5; margin: 8px 0; }
  form { margin: 0; }
  button { margin-top: 12px; width: 100%; padding: 12px; border: 0; border-radius: 8px;
    background: #635bff; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #1a1f36; border: 1px solid #c1c9d2; }
  a { color: #635bff; }
  .error { color: #c0123c; font-weight: 600; }
  fieldset { border: 1px dashed #c1c9d2; border-radius: 8px; margin-top: 24px; padding: 8px 16px 16px; }
  legend { font-size: .8rem; color: #697386; }
  :focus-visible { outline: 2px solid #635bff; outline-offset: 2px; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const button = (action: string, label: string, secondary = false) =>
  `<form method="post"><input type="hidden" name="action" value="${action}">` +
  `<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;

export function renderCheckoutPage(input: {
  amount: number;
  currency: string;
  interval: string;
  email: string | null;
  cancelUrl: string;
  error?: string;
}) {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return page(
    'Development Checkout — Parlo Premium',
    `<span class="tag">Development billing — no real payment</span>
  <h1>Subscribe to Parlo Premium</h1>
  <p class="price">${escapeHtml(money(input.amount, input.currency))}
    <small>per ${escapeHtml(input.interval)}</small></p>
  ${input.email ? `<p>Receipts go to ${escapeHtml(input.email)}.</p>` : ''}
  <p>This page stands in for Stripe Checkout while Parlo runs without Stripe keys. Paying here
  charges the test card 4242 4242 4242 4242.</p>
  ${error}
  ${button('pay', 'Subscribe')}
  ${button('decline', 'Pay with a card that declines', true)}
  <p><a href="${escapeHtml(input.cancelUrl)}">Back to Parlo</a></p>`,
  );
}

export function renderPortalPage(input: {
  subscription: DevSubscription | undefined;
  returnUrl: string | null;
}) {
  const s = input.subscription;
  const back = input.returnUrl
    ? `<p><a href="${escapeHtml(input.returnUrl)}">Return to Parlo</a></p>`
    : '';
  if (!s) {
    return page('Development billing portal', `<h1>No subscription</h1>${back}`);
  }
  const item = s.items.data[0]!;
  const end = day(item.current_period_end);
  const cancelling = s.status !== 'canceled' && (s.cancel_at !== null || s.cancel_at_period_end);
  const state =
    s.status === 'canceled'
      ? `Cancelled. It ended on ${day(s.ended_at ?? item.current_period_end)}.`
      : cancelling
        ? `Cancelled — Premium stays until ${end}, then ends.`
        : s.status === 'past_due'
          ? 'Past due: the last renewal payment failed.'
          : `Active — renews on ${end}.`;
  const actions =
    s.status === 'canceled'
      ? ''
      : cancelling
        ? button('renew', 'Renew subscription')
        : button('cancel', 'Cancel subscription');
  const controls =
    s.status === 'canceled'
      ? button('refund', 'Refund the latest payment', true)
      : `${button('advance', `Advance the clock to ${end}`, true)}
    ${button('advance_decline', `Advance to ${end} with a card that declines`, true)}
    ${button('refund', 'Refund the latest payment', true)}`;
  return page(
    'Development billing portal — Parlo Premium',
    `<span class="tag">Development billing — no real payment</span>
  <h1>Parlo Premium</h1>
  <p class="price">${escapeHtml(money(item.price.unit_amount, item.price.currency))}
    <small>per ${escapeHtml(item.price.recurring.interval)}</small></p>
  <p role="status">${escapeHtml(state)}</p>
  ${actions}
  <fieldset><legend>Development controls (test clock)</legend>${controls}</fieldset>
  ${back}`,
  );
}
