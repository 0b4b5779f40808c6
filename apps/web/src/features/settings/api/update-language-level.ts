import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProficiencyLevel } from '@parlo/contract/constants';
import type { UserLanguage } from '@parlo/contract/user-languages';
import { apiClient } from '@/lib/api-client';
import { userLanguagesQueryKey } from '@/lib/api/get-user-languages';
import { currentUserQueryKey } from '@/lib/current-user';

export type UpdateLanguageLevelInput = {
  languageCode: string;
  proficiencyLevel: ProficiencyLevel;
};

export function updateLanguageLevel({
  languageCode,
  proficiencyLevel,
}: UpdateLanguageLevelInput): Promise<UserLanguage> {
  return apiClient.put<UserLanguage>(
    `/api/v1/languages/user/${encodeURIComponent(languageCode)}/proficiency`,
    { proficiencyLevel },
  );
}

export function useUpdateLanguageLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguageLevel,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userLanguagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
