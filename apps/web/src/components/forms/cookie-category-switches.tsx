import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/components/ui/switch-field';
import type { CookieChoices } from '@/lib/cookie-preferences';

const optionalCategories: (keyof CookieChoices)[] = ['analytics', 'marketing'];

type CookieCategorySwitchesProps = {
  choices: CookieChoices;
  onChange: (choices: CookieChoices) => void;
  /**
   * Where the categories' titles and descriptions are: the banner and the settings page word
   * them each in their own way.
   */
  texts: { namespace: string; keyPrefix: string };
  className: string;
};

/** One switch per cookie category; the necessary ones are always on. */
export function CookieCategorySwitches({
  choices,
  onChange,
  texts,
  className,
}: CookieCategorySwitchesProps) {
  const { t } = useTranslation(texts.namespace, { keyPrefix: texts.keyPrefix });

  return (
    <div className={className}>
      <SwitchField
        title={t('necessary.title')}
        description={t('necessary.description')}
        checked
        disabled
      />
      {optionalCategories.map((category) => (
        <SwitchField
          key={category}
          title={t(`${category}.title`)}
          description={t(`${category}.description`)}
          checked={choices[category]}
          onCheckedChange={(checked) => onChange({ ...choices, [category]: checked })}
        />
      ))}
    </div>
  );
}
