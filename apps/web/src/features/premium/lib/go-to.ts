/** Leaves Parlo for a Stripe-hosted page (a full navigation; Stripe sends the user back). */
export function goTo(url: string) {
  window.location.assign(url);
}
