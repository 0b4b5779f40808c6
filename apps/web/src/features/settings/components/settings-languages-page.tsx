import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/notices/loading-page';
import { useLanguages } from '@/lib/api/get-languages';
import { useUserLanguages } from '@/lib/api/get-user-languages';
import { currentUserQueryOptions } from '@/lib/current-user';
import { AddLanguageFlow } from '@/features/settings/components/add-language-flow';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { SettingsLayout } from '@/features/settings/components/settings-layout';
import { StatusMessage } from '@/features/settings/components/status-message';
import { UserLanguageList } from '@/features/settings/components/user-language-list';
import { languageName } from '@/lib/language-name';

export function SettingsLanguagesPage() {
  const { t, i18n } = useTranslation('settings');
  const interfaceLanguage = i18n.resolvedLanguage ?? 'en';
  const { data: user } = useQuery(currentUserQueryOptions());
  const userLanguages = useUserLanguages();
  const catalogue = useLanguages();

  const owned = userLanguages.data ?? [];
  const ownedCodes = new Set(owned.map((language) => language.languageCode));
  const candidates = (catalogue.data ?? []).filter(
    (language) => language.available && !ownedCodes.has(language.code),
  );
  const nameOf = (code: string) =>
    languageName(
      code,
      interfaceLanguage,
      catalogue.data?.find((language) => language.code === code)?.nativeName,
    );

  const loadFailed = userLanguages.isError || catalogue.isError;
  const loading = userLanguages.isPending || catalogue.isPending;

  return (
    <SettingsLayout section="languages">
      <SettingsCard title={t('languages.yours')} description={t('languages.description')}>
        {loadFailed ? (
          <StatusMessage tone="error" message={t('languages.load_failed')} />
        ) : loading ? (
          <PageSpinner />
        ) : (
          <UserLanguageList
            languages={owned}
            currentCode={user?.profile?.languageCode ?? null}
            nameOf={nameOf}
          />
        )}
      </SettingsCard>
      {!loadFailed && !loading && (
        <SettingsCard title={t('languages.add.title')}>
          <AddLanguageFlow candidates={candidates} />
        </SettingsCard>
      )}
    </SettingsLayout>
  );
}
