import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUCCESS_NOTICE_MS } from '@parlo/contract/constants';
import type { Profile } from '@parlo/contract/profiles';
import { CountrySelect } from '@/components/forms/country-select';
import { FieldError } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { useUpdateProfile } from '@/features/settings/api/update-profile';
import { StatusMessage } from '@/features/settings/components/status-message';
import { useTimedNotice } from '@/features/settings/hooks/use-timed-notice';
import {
  parseProfileChanges,
  serverFieldErrors,
  type ProfileChanges,
  type ProfileField,
  type ProfileFieldErrors,
} from '@/features/settings/lib/profile-errors';

const inputClasses =
  'h-11 w-full rounded-xl border bg-white px-3 text-base text-ink outline-none focus:ring-1 sm:text-sm';

function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-ink">{label}</dt>
      <dd className="mt-1.5 flex h-11 items-center justify-between rounded-xl border border-stone-200 bg-stone-50 px-3 text-sm text-stone-700">
        {value}
        <span className="text-xs text-stone-500">{hint}</span>
      </dd>
    </div>
  );
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['settings', 'forms']);
  const ids = { name: useId(), country: useId() };
  const [saved, setSaved] = useState({ name: profile.name, country: profile.country });
  const [name, setName] = useState(profile.name);
  const [country, setCountry] = useState(profile.country);
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [failed, setFailed] = useState(false);
  const update = useUpdateProfile();
  const notice = useTimedNotice(SUCCESS_NOTICE_MS);

  const changes: ProfileChanges = {};
  if (name.trim() !== saved.name) changes.name = name;
  if (country !== saved.country) changes.country = country;
  const changed = Object.keys(changes).length > 0;

  function clearError(field: ProfileField) {
    setErrors(({ [field]: _, ...rest }) => rest);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || update.isPending) return;
    const parsed = parseProfileChanges(changes);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    notice.clear();
    setFailed(false);
    update.mutate(parsed.body, {
      onSuccess: (next) => {
        setSaved({ name: next.name, country: next.country });
        setName(next.name);
        setCountry(next.country);
        notice.show(t('profile.saved'));
      },
      onError: (error) => {
        const fromServer = serverFieldErrors(error);
        setErrors(fromServer);
        setFailed(Object.keys(fromServer).length === 0);
      },
    });
  }

  const errorText = (field: ProfileField) => {
    const key = errors[field];
    return key ? t(`forms:validation.${key}`) : null;
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <label htmlFor={ids.name} className="text-sm font-semibold text-ink">
          {t('forms:fields.name')}
        </label>
        <input
          id={ids.name}
          value={name}
          autoComplete="name"
          placeholder={t('forms:fields.name_placeholder')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${ids.name}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            clearError('name');
          }}
          className={`mt-1.5 ${inputClasses} ${
            errors.name
              ? 'border-red-500 focus:ring-red-500'
              : 'border-stone-300 focus:border-brand-600 focus:ring-brand-600'
          }`}
        />
        <FieldError id={`${ids.name}-error`} message={errorText('name')} />
      </div>
      <div>
        <label htmlFor={ids.country} className="text-sm font-semibold text-ink">
          {t('forms:fields.country')}
        </label>
        <div className="mt-1.5">
          <CountrySelect
            id={ids.country}
            value={country}
            invalid={Boolean(errors.country)}
            describedBy={errors.country ? `${ids.country}-error` : undefined}
            onChange={(code) => {
              setCountry(code);
              clearError('country');
            }}
          />
        </div>
        <FieldError id={`${ids.country}-error`} message={errorText('country')} />
      </div>
      <dl className="grid gap-5 sm:grid-cols-2">
        <ReadOnlyField
          label={t('profile.age')}
          value={String(profile.age)}
          hint={t('profile.read_only')}
        />
        <ReadOnlyField
          label={t('profile.gender')}
          value={t(`forms:genders.${profile.gender}`)}
          hint={t('profile.read_only')}
        />
      </dl>
      <div className="space-y-3">
        <Button type="submit" disabled={!changed || update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
        <div aria-live="polite" className="space-y-2">
          <StatusMessage tone="success" message={notice.message} />
          <StatusMessage tone="error" message={failed ? t('profile.failed') : null} />
        </div>
      </div>
    </form>
  );
}
