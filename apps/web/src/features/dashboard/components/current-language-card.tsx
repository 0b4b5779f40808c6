import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserLanguage } from '@parlo/contract/user-languages';
import { CheckIcon, ChevronDownIcon } from '@/components/ui/icons';
import { useSetCurrentLanguage } from '@/lib/api/set-current-language';
import { languageName } from '@/lib/language-name';

type CurrentLanguageCardProps = {
  languages: readonly UserLanguage[];
  currentCode: string | null;
};

/** The language sessions are in; it opens into a list of the user's languages to switch to. */
export function CurrentLanguageCard({ languages, currentCode }: CurrentLanguageCardProps) {
  const { t, i18n } = useTranslation(['dashboard', 'forms']);
  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const setCurrent = useSetCurrentLanguage();
  const current = languages.find((language) => language.languageCode === currentCode) ?? null;

  function choose(code: string) {
    if (code === currentCode) {
      setOpen(false);
      return;
    }
    setCurrent.mutate(code, { onSuccess: () => setOpen(false) });
  }

  return (
    <section
      aria-labelledby={`${panelId}-title`}
      className="rounded-3xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-4 rounded-3xl p-5 text-left hover:bg-stone-50 sm:p-6"
      >
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-base font-bold text-brand-800 uppercase"
        >
          {current?.languageCode ?? '?'}
        </span>
        <span className="min-w-0 flex-1">
          <span
            id={`${panelId}-title`}
            className="block text-xs font-semibold tracking-wide text-stone-500 uppercase"
          >
            {t('current_language.title')}
          </span>
          <span className="mt-0.5 block truncate text-lg font-bold text-ink">
            {current
              ? languageName(current.languageCode, interfaceLanguage)
              : t('current_language.none')}
          </span>
          {current && (
            <span className="block text-sm text-stone-600">
              {current.proficiencyLevel} · {t(`forms:levels.${current.proficiencyLevel}.name`)}
            </span>
          )}
        </span>
        <span className="sr-only">{t('current_language.change')}</span>
        <ChevronDownIcon
          className={`size-5 shrink-0 text-stone-500 transition-transform motion-reduce:transition-none ${
            open ? 'rotate-180' : ''
          }`}
        />
      </button>

      {open && (
        <div id={panelId} className="border-t border-stone-200 px-5 pt-4 pb-5 sm:px-6">
          {languages.length > 0 ? (
            <fieldset disabled={setCurrent.isPending}>
              <legend className="text-sm font-semibold text-ink">
                {t('current_language.select_label')}
              </legend>
              <div className="mt-3 grid gap-2">
                {languages.map((language) => {
                  const checked = language.languageCode === currentCode;
                  return (
                    <label
                      key={language.id}
                      className={`flex cursor-pointer items-center gap-3 rounded-2xl border px-3.5 py-3 transition-colors has-[:disabled]:cursor-wait has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                        checked
                          ? 'border-brand-600 bg-brand-50'
                          : 'border-stone-200 hover:bg-stone-50'
                      }`}
                    >
                      <input
                        type="radio"
                        name={`${panelId}-language`}
                        value={language.languageCode}
                        checked={checked}
                        onChange={() => choose(language.languageCode)}
                        className="sr-only"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold text-ink">
                          {languageName(language.languageCode, interfaceLanguage)}
                        </span>
                        <span className="block text-sm text-stone-600">
                          {language.proficiencyLevel} ·{' '}
                          {t(`forms:levels.${language.proficiencyLevel}.name`)}
                        </span>
                      </span>
                      {checked && <CheckIcon className="size-5 text-brand-700" />}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ) : (
            <p className="text-sm text-stone-600">{t('current_language.no_languages')}</p>
          )}
          {setCurrent.isError && (
            <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
              {t('current_language.error')}
            </p>
          )}
          <Link
            to="/settings/languages"
            className="mt-4 inline-flex text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t('current_language.manage')}
          </Link>
        </div>
      )}
    </section>
  );
}
