import type { ProfileBody, ProfileView } from '@kupon/api/contract';
import { checkProfileChanges } from '@kupon/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useUser } from '../api/get-user';
import { optionsWith, useCountries, useProfile, useUpdateProfile } from '../api/profile';

type TextField = 'address' | 'city' | 'postCode';
type Editable = 'sex' | 'countryId' | TextField;
type Draft = Record<Editable, string> & { autoprint: boolean };

const TEXT_FIELDS: readonly { name: TextField; autoComplete: string }[] = [
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'address', autoComplete: 'street-address' },
  { name: 'postCode', autoComplete: 'postal-code' },
];

/**
 * §7 updateProfile on the profile page: gender, country, city, address, post code and autoprint.
 * The §5 rules run here as on the server (`checkProfileChanges` of the domain): a field the account
 * has cannot be blanked, gender stays m or f, the country comes from getCountries. Only what the
 * player changed is sent, so an untouched autoprint stays "not chosen" and the site keeps deciding.
 */
export function ProfileForm() {
  const profile = useProfile();
  const { t } = useTranslation('auth');
  // Here, not in the fields: a save reloads the profile, which starts the fields again.
  const [savedNotice, setSavedNotice] = useState(false);
  if (profile.isPending) return <p className="muted">{t('loading')}</p>;
  if (!profile.data) return null;
  // Keyed by the saved profile: after a save the form starts again from what the server kept.
  return <ProfileFields key={JSON.stringify(profile.data)} saved={profile.data} savedNotice={savedNotice} onSaved={setSavedNotice} />;
}

function ProfileFields({ saved, savedNotice, onSaved }: { saved: ProfileView; savedNotice: boolean; onSaved: (shown: boolean) => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { lang = 'tr' } = useParams();
  const { user } = useUser();
  const settings = useSiteSettings();
  const countries = useCountries(lang);
  const update = useUpdateProfile();
  // What prints today when the player never chose: the site's auto_print, for shop (terminal) coupons.
  const siteAutoprint = user?.role === 'terminal' && settings.auto_print === 1;
  const start: Draft = { sex: saved.sex, countryId: saved.countryId, address: saved.address, city: saved.city, postCode: saved.postCode, autoprint: saved.autoprint ?? siteAutoprint };
  const [draft, setDraft] = useState<Draft>(start);
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);

  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [name]: value }));
    onSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: ProfileBody = {};
    for (const name of ['sex', 'countryId', 'address', 'city', 'postCode'] as const) {
      if (draft[name] !== start[name]) (changes as Record<string, string>)[name] = draft[name];
    }
    if (draft.autoprint !== start.autoprint) changes.autoprint = draft.autoprint;
    if (Object.keys(changes).length === 0) {
      setProblem(null);
      onSaved(true);
      return;
    }
    const refused = checkProfileChanges({ ...saved, phoneCode: '' }, changes);
    if (refused) {
      setProblem({ field: refused.code === 'sexCanNotbeNull' ? 'sex' : (refused.params[0] ?? ''), text: errorText(refused.code, refused.params) });
      return;
    }
    setProblem(null);
    onSaved(false);
    update.mutate(changes, { onSuccess: () => onSaved(true) });
  };

  const serverError = update.error ? (isApiError(update.error) ? errorText(update.error.key, update.error.params) : errorText('updatedErrorContent')) : null;
  const fieldError = (name: string) => (problem?.field === name ? <span className="field-error">{problem.text}</span> : null);

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="profile-form">
      <h2>{t('profileTitle')}</h2>
      <label>
        {t('fields.sex')}
        <select name="sex" value={draft.sex} onChange={(e) => set('sex', e.target.value)}>
          <option value="">{t('choose')}</option>
          <option value="f">{t('sexFemale')}</option>
          <option value="m">{t('sexMale')}</option>
        </select>
        {fieldError('sex')}
      </label>
      <label>
        {t('fields.countryId')}
        <select name="countryId" value={draft.countryId} autoComplete="country" onChange={(e) => set('countryId', e.target.value)}>
          <option value="">{t('choose')}</option>
          {optionsWith(countries.data?.countries, draft.countryId).map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {fieldError('countryId')}
      </label>
      {TEXT_FIELDS.map(({ name, autoComplete }) => (
        <label key={name}>
          {t(`fields.${name}`)}
          <input name={name} value={draft[name]} autoComplete={autoComplete} onChange={(e) => set(name, e.target.value)} />
          {fieldError(name)}
        </label>
      ))}
      <label className="checkbox">
        <input name="autoprint" type="checkbox" checked={draft.autoprint} onChange={(e) => set('autoprint', e.target.checked)} />
        {t('autoprint')}
      </label>
      <p className="muted">{t(saved.autoprint === null ? 'autoprintSiteDecides' : 'autoprintChosen')}</p>
      {problem && !['sex', 'countryId', ...TEXT_FIELDS.map((f) => f.name)].includes(problem.field) && (
        <p className="notice notice--error" role="alert">
          {problem.text}
        </p>
      )}
      {serverError && (
        <p className="notice notice--error" role="alert" data-testid="profile-error">
          {serverError}
        </p>
      )}
      {savedNotice && !update.isPending && (
        <p className="notice notice--success" role="status" data-testid="profile-saved">
          {errorText('updatedSuccessContent')}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {t('profileSave')}
      </button>
    </form>
  );
}
