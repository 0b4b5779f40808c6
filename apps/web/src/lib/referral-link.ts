/** The link that credits the inviter: the app captures `ref` on any page (spec §5). */
export function referralLink(referralId: string, origin = window.location.origin): string {
  const url = new URL('/', origin);
  url.searchParams.set('ref', referralId);
  return url.toString();
}
