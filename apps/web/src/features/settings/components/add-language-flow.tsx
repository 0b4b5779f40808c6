import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SETTINGS_DEFAULT_LEVEL,
  SUCCESS_NOTICE_MS,
  type ProficiencyLevel,
} from '@parlo/contract/constants';
import type { Language } from '@parlo/contract/languages';
import { LevelPicker } from '@/components/forms/level-picker';
import { Button } from '@/components/ui/button';
import { useAddUserLanguage } from '@/lib/api/add-user-language';
import { StatusMessage } from '@/features/settings/components/status-message';
import { useTimedNotice } from '@/features/settings/hooks/use-timed-notice';
import { addLanguageErrorKey } from '@/features/settings/lib/add-language-error';
import { languageName } from '@/lib/language-name';

type AddLanguageFlowProps = {
  /** Available catalogue languages the user does not practise yet. */
  candidates: readonly Language[];
  onAdded?: () => void;
};

type Step = 'closed' | 'language' | 'level';

/** Spec §4: choose a language, then a level (A1 by default), then add; or change or cancel. */
export function AddLanguageFlow({ candidates, onAdded }: AddLanguageFlowProps) {
  const { t, i18n } = useTranslation('settings');
  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';
  const [step, setStep] = useState<Step>('closed');
  const [code, setCode] = useState<string | null>(null);
  const [level, setLevel] = useState<ProficiencyLevel>(SETTINGS_DEFAULT_LEVEL);
  const [error, setError] = useState<string | null>(null);
  const add = useAddUserLanguage();
  const added = useTimedNotice(SUCCESS_NOTICE_MS);

  const nameOf = (language: Language) =>
    languageName(language.code, interfaceLanguage, language.nativeName);
  const chosen = candidates.find((language) => language.code === code) ?? null;

  function cancel() {
    setStep('closed');
    setCode(null);
    setLevel(SETTINGS_DEFAULT_LEVEL);
    setError(null);
    add.reset();
  }

  function continueToLevel(event: FormEvent) {
    event.preventDefault();
    if (!code) {
      setError(t('languages.add.errors.select'));
      return;
    }
    setError(null);
    setStep('level');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setError(t('languages.add.errors.select'));
      setStep('language');
      return;
    }
    setError(null);
    add.mutate(
      { languageCode: chosen.code, proficiencyLevel: level },
      {
        onSuccess: () => {
          cancel();
          added.show(t('languages.add.added'));
          onAdded?.();
        },
        onError: (failure) => setError(t(`languages.add.errors.${addLanguageErrorKey(failure)}`)),
      },
    );
  }

  if (step === 'closed' || (candidates.length === 0 && step === 'language')) {
    return (
      <div className="space-y-3">
        <StatusMessage tone="success" message={added.message} />
        {candidates.length === 0 ? (
          <p className="text-sm leading-6 text-stone-600">{t('languages.add.all_added')}</p>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setStep('language')}>
            {t('languages.add.start')}
          </Button>
        )}
      </div>
    );
  }

  if (step === 'language') {
    return (
      <form onSubmit={continueToLevel} noValidate className="space-y-4">
        <fieldset>
          <legend className="text-sm font-semibold text-ink">
            {t('languages.add.choose_language')}
          </legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {candidates.map((language) => (
              <label
                key={language.code}
                className={`flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                  language.code === code
                    ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600'
                    : 'border-stone-200 hover:bg-stone-50'
                }`}
              >
                <input
                  type="radio"
                  name="add-language"
                  value={language.code}
                  checked={language.code === code}
                  onChange={() => {
                    setCode(language.code);
                    setError(null);
                  }}
                  className="accent-brand-600"
                />
                <span className="font-medium text-ink">{nameOf(language)}</span>
                <span className="text-stone-500">{language.nativeName}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <StatusMessage tone="error" message={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm">
            {t('languages.add.continue')}
          </Button>
          <Button variant="ghost" size="sm" onClick={cancel}>
            {t('languages.add.cancel')}
          </Button>
        </div>
      </form>
    );
  }

  const chosenName = chosen ? nameOf(chosen) : '';
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-stone-600">
        {t('languages.add.selected', { language: chosenName })}
      </p>
      <LevelPicker
        value={level}
        onChange={setLevel}
        legend={t('languages.add.choose_level', { language: chosenName })}
        disabled={add.isPending}
      />
      <StatusMessage tone="error" message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? t('languages.add.adding') : t('languages.add.submit')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={add.isPending}
          onClick={() => {
            setError(null);
            setStep('language');
          }}
        >
          {t('languages.add.change_language')}
        </Button>
        <Button variant="ghost" size="sm" disabled={add.isPending} onClick={cancel}>
          {t('languages.add.cancel')}
        </Button>
      </div>
    </form>
  );
}
