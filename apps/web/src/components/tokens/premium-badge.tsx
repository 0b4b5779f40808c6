import { useTranslation } from 'react-i18next';
import { SparkleIcon } from '@/components/ui/icons';

type PremiumBadgeProps = { className?: string };

/** The Premium indicator of spec §6, beside a premium user's token count. */
export function PremiumBadge({ className = '' }: PremiumBadgeProps) {
  const { t } = useTranslation('tokens');
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ${className}`.trim()}
    >
      <SparkleIcon className="size-3.5" />
      {t('count.premium')}
    </span>
  );
}
