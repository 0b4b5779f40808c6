import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUCCESS_NOTICE_MS, type ProficiencyLevel } from '@parlo/contract/constants';
import type { UserLanguage } from '@parlo/contract/user-languages';
import { useSetCurrentLanguage } from '@/lib/api/set-current-language';
import { isApiError } from '@/lib/api-client';
import { useRemoveUserLanguage } from '@/features/settings/api/remove-user-language';
import { useUpdateLanguageLevel } from '@/features/settings/api/update-language-level';
import { ConfirmDialog } from '@/features/settings/components/confirm-dialog';
import { StatusMessage } from '@/features/settings/components/status-message';
import { UserLanguageRow } from '@/features/settings/components/user-language-row';
import { useTimedNotice } from '@/features/settings/hooks/use-timed-notice';

type UserLanguageListProps = {
  languages: readonly UserLanguage[];
  currentCode: string | null;
  nameOf: (code: string) => string;
};

/** The user's languages with set-current, level and remove (spec §4 Language settings). */
export function UserLanguageList({ languages, currentCode, nameOf }: UserLanguageListProps) {
  const { t } = useTranslation('settings');
  const setCurrent = useSetCurrentLanguage();
  const updateLevel = useUpdateLanguageLevel();
  const remove = useRemoveUserLanguage();
  const [removing, setRemoving] = useState<UserLanguage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const notice = useTimedNotice(SUCCESS_NOTICE_MS);
  const busy = setCurrent.isPending || updateLevel.isPending || remove.isPending;

  const fail = () => {
    notice.clear();
    setError(t('languages.update_failed'));
  };

  function changeLevel(languageCode: string, proficiencyLevel: ProficiencyLevel) {
    setError(null);
    updateLevel.mutate(
      { languageCode, proficiencyLevel },
      { onSuccess: () => notice.show(t('languages.level_saved')), onError: fail },
    );
  }

  function confirmRemove() {
    if (!removing) return;
    const languageCode = removing.languageCode;
    remove.mutate(languageCode, {
      onSuccess: () => {
        setRemoving(null);
        // Spec §4: a removal that leaves nothing current makes the first remaining one current.
        const remaining = languages.filter((language) => language.languageCode !== languageCode);
        const first = remaining[0];
        if (!currentCode && first) setCurrent.mutate(first.languageCode, { onError: fail });
      },
      onError: (failure) => {
        setRemoving(null);
        notice.clear();
        setError(
          isApiError(failure) && failure.status === 409
            ? t('languages.current_cannot_be_removed')
            : t('languages.update_failed'),
        );
      },
    });
  }

  return (
    <>
      <ul className="divide-y divide-stone-100">
        {languages.map((language) => (
          <UserLanguageRow
            key={language.languageCode}
            language={language}
            name={nameOf(language.languageCode)}
            current={language.languageCode === currentCode}
            busy={busy}
            onSetCurrent={() => {
              setError(null);
              setCurrent.mutate(language.languageCode, { onError: fail });
            }}
            onChangeLevel={(level) => changeLevel(language.languageCode, level)}
            onRemove={() => {
              setError(null);
              remove.reset();
              setRemoving(language);
            }}
          />
        ))}
      </ul>
      <div aria-live="polite" className="mt-2 space-y-2">
        <StatusMessage tone="error" message={error} />
        <StatusMessage tone="success" message={notice.message} />
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('languages.remove_dialog.title', {
          language: removing ? nameOf(removing.languageCode) : '',
        })}
        description={t('languages.remove_dialog.description')}
        confirmLabel={
          remove.isPending
            ? t('languages.remove_dialog.removing')
            : t('languages.remove_dialog.confirm')
        }
        cancelLabel={t('languages.remove_dialog.cancel')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
