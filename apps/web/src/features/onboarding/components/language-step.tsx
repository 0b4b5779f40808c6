import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_DEFAULT_LEVEL, type ProficiencyLevel } from '@parlo/contract/constants';
import type { Profile } from '@parlo/contract/profiles';
import { LevelPicker } from '@/components/forms/level-picker';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { useAddUserLanguage } from '@/lib/api/add-user-language';
import { useLanguages } from '@/lib/api/get-languages';
import { useSetCurrentLanguage } from '@/lib/api/set-current-language';
import { languageChoices } from '@/features/onboarding/lib/language-choices';

type LanguageStepProps = {
  profile: Pick<Profile, 'languageCode' | 'languages'>;
  /** Called once the language is saved and the user has been reloaded. */
  onFinished: () => void;
};

type StepError = 'select_language' | 'load_failed' | 'add_failed';

/** Step 2: one available practice language and a level (B1 unless changed). */
export function LanguageStep({ profile, onFinished }: LanguageStepProps) {
  const { t, i18n } = useTranslation('onboarding');
  const id = useId();
  const catalogue = useLanguages();
  const addLanguage = useAddUserLanguage();
  const setCurrent = useSetCurrentLanguage();
  const [selected, setSelected] = useState<string | null>(null);
  const [level, setLevel] = useState<ProficiencyLevel>(ONBOARDING_DEFAULT_LEVEL);
  const [error, setError] = useState<StepError | null>(null);

  const choices = languageChoices(catalogue.data ?? [], profile, i18n.resolvedLanguage ?? 'en');
  const chosen = choices.find((choice) => choice.code === selected) ?? null;
  const saving = addLanguage.isPending || setCurrent.isPending;
  const shownError: StepError | null = catalogue.isError ? 'load_failed' : error;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) {
      setError('select_language');
      return;
    }
    setError(null);
    try {
      if (chosen.added) {
        await setCurrent.mutateAsync(chosen.code);
      } else {
        await addLanguage.mutateAsync({ languageCode: chosen.code, proficiencyLevel: level });
        // Only a user's first language becomes current by itself.
        if (profile.languages.length > 0) await setCurrent.mutateAsync(chosen.code);
      }
      onFinished();
    } catch {
      setError('add_failed');
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-7">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t('language.language_label')}</legend>
        {catalogue.isPending ? (
          <div className="mt-3 grid gap-2.5 sm:grid-cols-2" aria-busy="true">
            {[0, 1].map((key) => (
              <div key={key} className="h-16 animate-pulse rounded-2xl bg-stone-100" />
            ))}
          </div>
        ) : choices.length === 0 && !catalogue.isError ? (
          <p className="mt-3 rounded-2xl bg-stone-100 px-4 py-3 text-sm text-stone-600">
            {t('language.none_left')}
          </p>
        ) : (
          <div className="mt-3 grid gap-2.5 sm:grid-cols-2">
            {choices.map((choice) => {
              const checked = choice.code === selected;
              return (
                <label
                  key={choice.code}
                  className={`flex cursor-pointer items-center gap-3 rounded-2xl border p-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                    checked
                      ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600'
                      : 'border-stone-200 bg-white hover:border-stone-300 hover:bg-stone-50'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-language`}
                    value={choice.code}
                    checked={checked}
                    onChange={() => {
                      setSelected(choice.code);
                      setError(null);
                    }}
                    className="sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={`flex size-10 shrink-0 items-center justify-center rounded-xl text-sm font-bold uppercase ${
                      checked ? 'bg-brand-600 text-white' : 'bg-brand-100 text-brand-800'
                    }`}
                  >
                    {choice.code}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-ink">{choice.nativeName}</span>
                    {choice.localName !== choice.nativeName && (
                      <span className="block text-sm text-stone-500">{choice.localName}</span>
                    )}
                  </span>
                  {checked && <CheckIcon className="size-5 text-brand-700" />}
                </label>
              );
            })}
          </div>
        )}
        <p className="mt-3 text-sm leading-6 text-stone-500">{t('language.more_later')}</p>
      </fieldset>

      <LevelPicker value={level} onChange={setLevel} disabled={saving} />

      <div aria-live="polite">
        {shownError && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-red-50 px-4 py-3 text-sm leading-6 text-red-800"
          >
            <span>{t(`language.errors.${shownError}`)}</span>
            {shownError === 'load_failed' && (
              <Button variant="secondary" size="sm" onClick={() => void catalogue.refetch()}>
                {t('language.retry')}
              </Button>
            )}
          </div>
        )}
      </div>

      <div className="flex justify-end border-t border-stone-200 pt-6">
        <Button type="submit" size="lg" disabled={saving || !chosen} className="w-full sm:w-auto">
          {saving ? t('language.saving') : t('language.complete')}
        </Button>
      </div>
    </form>
  );
}
