import type { Provider } from '@parlo/contract/constants';

const PROVIDER_NAMES: Record<Provider, string> = {
  google: 'Google',
  kakao: 'KakaoTalk',
  line: 'Line',
};

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The development provider's sign-in page: a real form that posts back to /dev-oauth/authorize. */
export function renderAuthorizePage(input: {
  provider: Provider;
  hidden: Record<string, string>;
  error?: string;
  email?: string;
  name?: string;
}) {
  const providerName = PROVIDER_NAMES[input.provider];
  const hidden = Object.entries(input.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in — ${providerName}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #fbfaf7; color: #1c1917; margin: 0;
    display: grid; min-height: 100vh; place-items: center; }
  main { background: #fff; border-radius: 16px; box-shadow: 0 4px 24px rgb(0 0 0 / 8%);
    padding: 32px; width: min(420px, calc(100vw - 32px)); box-sizing: border-box; }
  h1 { margin: 0 0 8px; font-size: 1.5rem; }
  p { margin: 0 0 20px; color: #57534e; line-height: 1.5; }
  label { display: block; font-weight: 600; margin: 16px 0 6px; }
  input[type=email], input[type=text] { width: 100%; box-sizing: border-box; padding: 10px 12px;
    border: 1px solid #a8a29e; border-radius: 10px; font: inherit; }
  button { margin-top: 24px; width: 100%; padding: 12px; border: 0; border-radius: 999px;
    background: #0e7d6f; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 2px solid #0e7d6f; outline-offset: 2px; }
  .error { color: #b91c1c; font-weight: 600; }
</style>
</head>
<body>
<main>
  <h1>Development sign-in</h1>
  <p>This page stands in for <strong>${providerName}</strong> while Parlo runs without ${providerName}
  credentials. The same email always signs in to the same account.</p>
  ${error}
  <form method="post" action="/dev-oauth/authorize">
    ${hidden}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required maxlength="254" autocomplete="email"
      value="${escapeHtml(input.email ?? '')}" autofocus>
    <label for="name">Name</label>
    <input id="name" name="name" type="text" maxlength="50" autocomplete="name"
      value="${escapeHtml(input.name ?? '')}">
    <button type="submit">Continue</button>
  </form>
</main>
</body>
</html>`;
}
