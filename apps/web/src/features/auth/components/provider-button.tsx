import { useTranslation } from 'react-i18next';
import type { Provider } from '@parlo/contract/constants';
import { PROVIDER_ICONS } from '@/features/auth/components/provider-icons';
import { SIGN_IN_PROVIDER_ATTRIBUTE } from '@/features/auth/lib/sign-in-button';

// Each provider's own brand colours, as their sign-in guidelines ask.
const providerClasses: Record<Provider, string> = {
  google: 'bg-white text-ink ring-1 ring-stone-300 hover:bg-stone-50',
  kakao: 'bg-[#FEE500] text-black/85 hover:bg-[#f5dc00]',
  // Line's green is too light for white text (2.4:1), so its mark carries the brand instead.
  line: 'bg-white text-ink ring-1 ring-stone-300 hover:bg-stone-50',
};

type ProviderButtonProps = {
  provider: Provider;
  onClick: () => void;
  disabled?: boolean;
  /** This provider's sign-in is starting: the button shows a spinner in place of the logo. */
  busy?: boolean;
};

export function ProviderButton({
  provider,
  onClick,
  disabled = false,
  busy = false,
}: ProviderButtonProps) {
  const { t } = useTranslation('auth');
  const Icon = PROVIDER_ICONS[provider];
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-busy={busy}
      {...{ [SIGN_IN_PROVIDER_ATTRIBUTE]: provider }}
      className={`relative flex h-12 w-full items-center justify-center gap-3 rounded-full px-5 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70 ${providerClasses[provider]}`}
    >
      <span className="absolute left-5">
        {busy ? (
          <span className="block size-5 animate-spin rounded-full border-2 border-current border-t-transparent opacity-70" />
        ) : (
          <Icon />
        )}
      </span>
      {t(`sign_in.continue_with.${provider}`)}
    </button>
  );
}
