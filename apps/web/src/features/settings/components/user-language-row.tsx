import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFICIENCY_LEVELS, type ProficiencyLevel } from '@parlo/contract/constants';
import type { UserLanguage } from '@parlo/contract/user-languages';
import { Button } from '@/components/ui/button';

type UserLanguageRowProps = {
  language: UserLanguage;
  name: string;
  current: boolean;
  busy: boolean;
  onSetCurrent: () => void;
  onChangeLevel: (level: ProficiencyLevel) => void;
  onRemove: () => void;
};

export function UserLanguageRow({
  language,
  name,
  current,
  busy,
  onSetCurrent,
  onChangeLevel,
  onRemove,
}: UserLanguageRowProps) {
  const { t } = useTranslation(['settings', 'forms']);
  const levelId = useId();
  const hintId = useId();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-semibold text-ink">
          {name}
          {current && (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
              {t('languages.current')}
            </span>
          )}
        </p>
        {current && (
          <p id={hintId} className="mt-1 text-xs leading-5 text-stone-500">
            {t('languages.current_cannot_be_removed')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={levelId} className="sr-only">
          {t('languages.level_label', { language: name })}
        </label>
        <select
          id={levelId}
          value={language.proficiencyLevel}
          disabled={busy}
          onChange={(event) => onChangeLevel(event.target.value as ProficiencyLevel)}
          className="h-9 rounded-full border border-stone-300 bg-white px-3 text-sm text-ink focus:border-brand-600 focus:ring-1 focus:ring-brand-600 focus:outline-none"
        >
          {PROFICIENCY_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level} · {t(`forms:levels.${level}.name`)}
            </option>
          ))}
        </select>
        {!current && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={onSetCurrent}>
            {t('languages.set_current')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={busy || current}
          aria-label={t('languages.remove_label', { language: name })}
          aria-describedby={current ? hintId : undefined}
          onClick={onRemove}
          className="text-red-700"
        >
          {t('languages.remove')}
        </Button>
      </div>
    </li>
  );
}
