import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFICIENCY_LEVELS, type ProficiencyLevel } from '@parlo/contract/constants';

type LevelPickerProps = {
  value: ProficiencyLevel;
  onChange: (level: ProficiencyLevel) => void;
  /** Defaults to the 'Proficiency level' text. */
  legend?: string;
  disabled?: boolean;
  className?: string;
};

/** The six CEFR levels as radio cards: native radios, so arrow keys move between them. */
export function LevelPicker({
  value,
  onChange,
  legend,
  disabled,
  className = '',
}: LevelPickerProps) {
  const { t } = useTranslation('forms');
  const name = useId();
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="text-sm font-semibold text-ink">
        {legend ?? t('level_picker.label')}
      </legend>
      <div className="mt-3 grid grid-cols-1 gap-2.5 sm:grid-cols-2 lg:grid-cols-3">
        {PROFICIENCY_LEVELS.map((level) => {
          const checked = level === value;
          return (
            <label
              key={level}
              className={`relative flex cursor-pointer gap-3 rounded-2xl border bg-white p-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 ${
                checked
                  ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600'
                  : 'border-stone-200 hover:border-stone-300 hover:bg-stone-50'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={level}
                checked={checked}
                onChange={() => onChange(level)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={`flex h-8 min-w-10 shrink-0 items-center justify-center rounded-lg text-sm font-bold ${
                  checked ? 'bg-brand-600 text-white' : 'bg-stone-100 text-stone-700'
                }`}
              >
                {level}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-ink">
                  <span className="sr-only">{level} </span>
                  {t(`levels.${level}.name`)}
                </span>
                <span className="mt-0.5 block text-xs leading-5 text-stone-600">
                  {t(`levels.${level}.description`)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
