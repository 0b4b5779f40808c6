import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GENDERS, type Gender } from '@parlo/contract/profiles';
import { CountrySelect } from '@/components/forms/country-select';
import { FieldError } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { forgetSignInName, signInName } from '@/lib/sign-in-name';
import { useCreateProfile } from '@/features/onboarding/api/create-profile';
import {
  EMPTY_PROFILE_FORM,
  fieldErrorsFrom,
  latestBirthDate,
  validateProfileForm,
  type ProfileField,
  type ProfileFieldErrors,
  type ProfileFormValues,
} from '@/features/onboarding/lib/profile-form';

const inputClasses =
  'h-11 w-full min-w-0 appearance-none rounded-xl border bg-white px-3 text-base text-ink outline-none placeholder:text-stone-400 focus:ring-1 sm:text-sm';

function inputState(invalid: boolean) {
  return invalid
    ? 'border-red-500 focus:ring-red-500'
    : 'border-stone-300 focus:border-brand-600 focus:ring-brand-600';
}

/** Step 1: name, gender, date of birth and country, checked with the contract's rules. */
export function ProfileStep() {
  const { t } = useTranslation(['onboarding', 'forms']);
  const id = useId();
  // The name the sign-in provider gave, when the server offered one (the person can change it).
  const [values, setValues] = useState<ProfileFormValues>(() => ({
    ...EMPTY_PROFILE_FORM,
    name: signInName(),
  }));
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [failed, setFailed] = useState(false);
  const createProfile = useCreateProfile();
  const [maxDate] = useState(() => latestBirthDate(new Date()));

  const fieldId = (field: ProfileField) => `${id}-${field}`;
  const errorId = (field: ProfileField) => `${id}-${field}-error`;
  const errorText = (field: ProfileField) => {
    const key = errors[field];
    return key ? t(`forms:validation.${key}`) : null;
  };

  function change<F extends ProfileField>(field: F, value: ProfileFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailed(false);
    const result = validateProfileForm(values, new Date());
    if (!result.ok) {
      setErrors(result.errors);
      const first = (['name', 'gender', 'dateOfBirth', 'country'] as const).find(
        (field) => result.errors[field],
      );
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    try {
      await createProfile.mutateAsync(result.body);
      forgetSignInName();
    } catch (error) {
      const fields = isApiError(error) && error.status === 400 ? fieldErrorsFrom(error.fields) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailed(true);
    }
  }

  const saving = createProfile.isPending;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-6">
      <div>
        <label htmlFor={fieldId('name')} className="block text-sm font-semibold text-ink">
          {t('forms:fields.name')}
        </label>
        <input
          id={fieldId('name')}
          type="text"
          autoComplete="given-name"
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
          placeholder={t('forms:fields.name_placeholder')}
          aria-invalid={Boolean(errors.name) || undefined}
          aria-describedby={errors.name ? errorId('name') : undefined}
          className={`mt-2 ${inputClasses} ${inputState(Boolean(errors.name))}`}
        />
        <FieldError id={errorId('name')} message={errorText('name')} />
      </div>

      <fieldset aria-describedby={errors.gender ? errorId('gender') : undefined}>
        <legend className="text-sm font-semibold text-ink">{t('forms:fields.gender')}</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
          {GENDERS.map((gender, index) => (
            <label
              key={gender}
              className={`flex h-11 cursor-pointer items-center justify-center rounded-xl border px-3 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                values.gender === gender
                  ? 'border-brand-600 bg-brand-50 text-brand-900 ring-1 ring-brand-600'
                  : errors.gender
                    ? 'border-red-500 bg-white text-ink'
                    : 'border-stone-300 bg-white text-ink hover:bg-stone-50'
              }`}
            >
              <input
                type="radio"
                name={`${id}-gender`}
                id={index === 0 ? fieldId('gender') : undefined}
                value={gender}
                checked={values.gender === gender}
                onChange={() => change('gender', gender satisfies Gender)}
                className="sr-only"
              />
              {t(`forms:genders.${gender}`)}
            </label>
          ))}
        </div>
        <FieldError id={errorId('gender')} message={errorText('gender')} />
      </fieldset>

      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId('dateOfBirth')} className="block text-sm font-semibold text-ink">
            {t('forms:fields.date_of_birth')}
          </label>
          <input
            id={fieldId('dateOfBirth')}
            type="date"
            autoComplete="bday"
            max={maxDate}
            min="1900-01-01"
            value={values.dateOfBirth}
            onChange={(event) => change('dateOfBirth', event.target.value)}
            aria-invalid={Boolean(errors.dateOfBirth) || undefined}
            aria-describedby={errors.dateOfBirth ? errorId('dateOfBirth') : undefined}
            className={`mt-2 ${inputClasses} ${inputState(Boolean(errors.dateOfBirth))}`}
          />
          <FieldError id={errorId('dateOfBirth')} message={errorText('dateOfBirth')} />
        </div>
        <div>
          <label htmlFor={fieldId('country')} className="block text-sm font-semibold text-ink">
            {t('forms:fields.country')}
          </label>
          <div className="mt-2">
            <CountrySelect
              id={fieldId('country')}
              value={values.country}
              onChange={(code) => change('country', code)}
              invalid={Boolean(errors.country)}
              describedBy={errors.country ? errorId('country') : undefined}
            />
          </div>
          <FieldError id={errorId('country')} message={errorText('country')} />
        </div>
      </div>

      {failed && (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm leading-6 text-red-800">
          {t('profile.error')}
        </p>
      )}

      <div className="flex flex-col-reverse gap-4 border-t border-stone-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm leading-6 text-stone-500">{t('profile.edit_later')}</p>
        <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto">
          {saving ? t('profile.saving') : t('profile.continue')}
        </Button>
      </div>
    </form>
  );
}
