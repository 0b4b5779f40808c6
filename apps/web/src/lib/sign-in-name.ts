/**
 * The name the sign-in provider gave, kept for this tab until onboarding has used it to prefill
 * the name field (the server offers it only while the account has no profile and stores it
 * nowhere). sessionStorage: it survives a reload of the onboarding page, not the tab.
 */
const SIGN_IN_NAME_KEY = 'sign-in-name';

export function rememberSignInName(name: string | undefined) {
  try {
    if (name) sessionStorage.setItem(SIGN_IN_NAME_KEY, name);
    else sessionStorage.removeItem(SIGN_IN_NAME_KEY);
  } catch {
    // Without storage the field simply starts empty.
  }
}

export function signInName(): string {
  try {
    return sessionStorage.getItem(SIGN_IN_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetSignInName() {
  rememberSignInName(undefined);
}
