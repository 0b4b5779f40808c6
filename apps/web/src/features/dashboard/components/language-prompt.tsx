import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { GlobeIcon } from '@/components/ui/icons';

type LanguagePromptProps = { hasLanguages: boolean };

/** Shown while no language is current: sessions need one. */
export function LanguagePrompt({ hasLanguages }: LanguagePromptProps) {
  const { t } = useTranslation('dashboard');
  return (
    <section
      aria-labelledby="language-prompt-title"
      className="mt-6 flex flex-col gap-4 rounded-3xl bg-coral-100 p-5 sm:flex-row sm:items-center sm:p-6"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white text-coral-600">
        <GlobeIcon className="size-6" />
      </span>
      <div className="flex-1">
        <h2 id="language-prompt-title" className="font-semibold text-ink">
          {t('language_prompt.title')}
        </h2>
        <p className="mt-1 text-sm leading-6 text-stone-700">
          {hasLanguages ? t('language_prompt.pick') : t('language_prompt.add')}
        </p>
      </div>
      <ButtonLink to="/settings/languages" variant="secondary" className="shrink-0">
        {hasLanguages ? t('language_prompt.pick_action') : t('language_prompt.add_action')}
      </ButtonLink>
    </section>
  );
}
