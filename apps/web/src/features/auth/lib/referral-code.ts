/** The address parameter of a referral link, e.g. https://parlo.app/?ref=AB12CD34. */
export const REFERRAL_PARAM = 'ref';
export const REFERRAL_STORAGE_KEY = 'referral-code';

/** The shape the sign-in call accepts; anything else would make the whole sign-in fail. */
const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const CALLBACK_PATH = /^\/auth\/callback(\/|$)/;

type AddressBar = Pick<Location, 'pathname' | 'search' | 'hash'>;
type History = Pick<typeof window.history, 'state' | 'replaceState'>;

/**
 * Saves a referral id from the address until the next sign-in and removes it from the address
 * (spec §5), so it is neither shared onwards nor left in the history. Callback pages are left as
 * they are: their query belongs to the provider.
 */
export function captureReferralCode(
  location: AddressBar = window.location,
  history: History = window.history,
) {
  if (CALLBACK_PATH.test(location.pathname)) return;
  const params = new URLSearchParams(location.search);
  if (!params.has(REFERRAL_PARAM)) return;

  const code = params.get(REFERRAL_PARAM)?.trim() ?? '';
  if (REFERRAL_CODE.test(code)) {
    try {
      localStorage.setItem(REFERRAL_STORAGE_KEY, code);
    } catch {
      // Without storage the referral cannot be kept; the visit itself goes on.
    }
  }

  params.delete(REFERRAL_PARAM);
  const search = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
  );
}

export function readReferralCode(): string | null {
  try {
    const code = localStorage.getItem(REFERRAL_STORAGE_KEY);
    return code !== null && REFERRAL_CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** A referral counts once: forgotten after the sign-in that carried it. */
export function clearReferralCode() {
  try {
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
