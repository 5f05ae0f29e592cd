import type { SportsbookView } from '@kupon/api/contract';
import { SportsbookChanges } from '@contract/catalog-settings';
import { SPORTS } from '@kupon/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { useChangeSportsbook } from '../api/catalog-settings';
import { parseSeconds, secondsInput } from '../utils/units';

const whole = (text: string): number | string | undefined => (text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/**
 * The site's sportsbook and live-betting settings (§3 `matches_day`, `first_bulletin`; the live
 * acceptance delay per sport): validated with the api's own `SportsbookChanges`. A sport left empty
 * keeps its delay (the product's default until one is set).
 */
export function SportsbookForm({ settings, editable }: { settings: SportsbookView; editable: boolean }) {
  const { t, i18n } = useTranslation('catalog');
  const failure = useFailureText();
  const change = useChangeSportsbook();
  const [errors, setErrors] = useState<FieldErrors>({});
  const lang = i18n.language === 'en' ? 'en' : 'tr';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const liveDelays = Object.fromEntries(
      SPORTS.map((sport) => [String(sport.id), text(`delay.${sport.id}`).trim()] as const)
        .filter(([, typed]) => typed !== '')
        .map(([id, typed]) => [id, parseSeconds(typed) ?? typed]),
    );
    const checked = validate(SportsbookChanges, {
      matchesPerDay: whole(text('matchesPerDay')),
      firstBulletinSize: whole(text('firstBulletinSize')),
      ...(Object.keys(liveDelays).length ? { liveDelays } : {}),
    });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) change.mutate(checked.data);
  };

  return (
    <form className="panel form" onSubmit={submit} noValidate data-testid="sportsbook-form" key={JSON.stringify(settings)}>
      <h2>{t('sportsbookTitle')}</h2>
      <div className="form--grid">
        <label>
          {t('matchesPerDay')}
          <input name="matchesPerDay" inputMode="numeric" defaultValue={settings.matchesPerDay} disabled={!editable} />
          <FieldError errors={errors} name="matchesPerDay" />
        </label>
        <label>
          {t('firstBulletinSize')}
          <input name="firstBulletinSize" inputMode="numeric" defaultValue={settings.firstBulletinSize} disabled={!editable} />
          <FieldError errors={errors} name="firstBulletinSize" />
        </label>
      </div>
      <h3>{t('liveDelays')}</h3>
      <div className="form--grid">
        {SPORTS.map((sport) => {
          const ms = settings.liveDelays[String(sport.id)];
          return (
            <label key={sport.id}>
              {sport.name[lang]}
              <input name={`delay.${sport.id}`} inputMode="decimal" defaultValue={ms !== undefined ? secondsInput(ms) : ''} placeholder={t('defaultDelay')} disabled={!editable} />
              <FieldError errors={errors} name={`liveDelays.${sport.id}`} />
            </label>
          );
        })}
      </div>
      <p className="muted small">{t('sportsbookHint')}</p>
      {change.isError ? (
        <Notice kind="error" testId="sportsbook-error">
          {failure(change.error)}
        </Notice>
      ) : null}
      {change.isSuccess ? (
        <Notice kind="success" testId="sportsbook-saved">
          {t('saved')}
        </Notice>
      ) : null}
      {editable ? (
        <button type="submit" className="button button--primary" disabled={change.isPending} data-testid="sportsbook-save">
          {t('save')}
        </button>
      ) : null}
    </form>
  );
}
