import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';

type FullScreenNoticeProps = {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
  /** 'inline' fills the page area of the layout instead of the whole screen, without the logo. */
  variant?: 'screen' | 'inline';
};

/** The frame of every notice that replaces the whole app: logo, icon, title, text, actions. */
export function FullScreenNotice({
  icon,
  title,
  description,
  actions,
  variant = 'screen',
}: FullScreenNoticeProps) {
  const { t } = useTranslation();
  return (
    <div
      className={`flex flex-col items-center justify-center px-6 py-12 text-center ${
        variant === 'screen' ? 'min-h-dvh bg-paper' : 'min-h-[60vh]'
      }`}
    >
      {variant === 'screen' && (
        <Logo name={t('brand.name')} className="mb-12 h-9 w-auto text-ink" />
      )}
      <div className="flex size-16 items-center justify-center rounded-2xl bg-coral-100 text-coral-600">
        {icon}
      </div>
      <h1 className="mt-6 max-w-md text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h1>
      <div className="mt-3 max-w-md text-base leading-7 text-pretty text-stone-600">
        {description}
      </div>
      {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
