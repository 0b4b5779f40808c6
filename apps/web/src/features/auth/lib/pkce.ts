/** RFC 7636 §4.1: the code verifier uses only the unreserved URI characters. */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const VERIFIER_LENGTH = 64;
/** 32 random bytes: 256 bits, 43 base64url characters. */
const RANDOM_TOKEN_BYTES = 32;

function toBase64Url(bytes: Uint8Array) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random base64url string for the OAuth `state` and the OpenID `nonce`. */
export function randomUrlToken(byteLength = RANDOM_TOKEN_BYTES) {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

export function createCodeVerifier(length = VERIFIER_LENGTH) {
  // Bytes at or above the largest multiple of the alphabet size are dropped, so every
  // character is equally likely.
  const limit = 256 - (256 % UNRESERVED.length);
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < limit && verifier.length < length)
        verifier += UNRESERVED[byte % UNRESERVED.length];
    }
  }
  return verifier;
}

/** The S256 code challenge: base64url(SHA-256(verifier)), 43 characters. */
export async function createCodeChallenge(verifier: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return toBase64Url(new Uint8Array(digest));
}
