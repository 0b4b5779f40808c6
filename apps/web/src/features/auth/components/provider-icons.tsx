import type { Provider } from '@parlo/contract/constants';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.61 20.08H42V20H24v8h11.3C33.65 32.66 29.22 36 24 36c-6.63 0-12-5.37-12-12s5.37-12 12-12c3.06 0 5.84 1.15 7.96 3.04l5.66-5.66C34.05 6.05 29.27 4 24 4 12.95 4 4 12.95 4 24s8.95 20 20 20 20-8.95 20-20c0-1.34-.14-2.65-.39-3.92z"
      />
      <path
        fill="#FF3D00"
        d="m6.31 14.69 6.57 4.82C14.66 15.11 18.96 12 24 12c3.06 0 5.84 1.15 7.96 3.04l5.66-5.66C34.05 6.05 29.27 4 24 4 16.32 4 9.66 8.34 6.31 14.69z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.17 0 9.86-1.98 13.41-5.19l-6.19-5.24A11.9 11.9 0 0 1 24 36c-5.2 0-9.62-3.32-11.28-7.95l-6.52 5.03C9.5 39.56 16.23 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.61 20.08H42V20H24v8h11.3a12.04 12.04 0 0 1-4.09 5.57l6.19 5.24C36.97 39.2 44 34 44 24c0-1.34-.14-2.65-.39-3.92z"
      />
    </svg>
  );
}

function KakaoIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 3C6.48 3 2 6.58 2 11c0 2.86 1.87 5.36 4.69 6.78-.15.53-.96 3.4-.99 3.62 0 0-.02.17.09.23.11.06.24.01.24.01.31-.04 3.64-2.38 4.22-2.79.57.08 1.16.13 1.75.13 5.52 0 10-3.58 10-8S17.52 3 12 3z"
      />
    </svg>
  );
}

function LineIcon() {
  // LINE's mark: the white speech bubble on its green rounded square.
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="6" fill="#06C755" />
      <path
        fill="#fff"
        d="M12 5.2c-4.1 0-7.4 2.7-7.4 6.1 0 3 2.7 5.6 6.3 6 .25.05.58.16.66.37.08.2.05.5.03.68l-.1.64c-.03.2-.15.74.65.4.8-.33 4.3-2.53 5.87-4.34 1.08-1.19 1.6-2.4 1.6-3.75 0-3.4-3.3-6.1-7.4-6.1z"
      />
    </svg>
  );
}

export const PROVIDER_ICONS: Record<Provider, () => React.JSX.Element> = {
  google: GoogleIcon,
  kakao: KakaoIcon,
  line: LineIcon,
};
