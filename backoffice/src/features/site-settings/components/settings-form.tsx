import { type SiteInfo, SiteSettingsBody } from '@contract/identity';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { isApiError } from '@/lib/api-client';
import { amountInput, parseAmount } from '@/lib/format';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { LANGUAGES } from '@/lib/language';
import { useChangeSiteSettings } from '../api/site-settings';

/** §3 site switches. */
const SWITCHES = ['registerDisabled', 'loginScreen', 'mailActivation', 'registerMobileRequired', 'registerTcRequired', 'affiliateStatus', 'moneyByLiveChat'] as const;
/** §3 currencies (the symbols spec §9 lists). */
const CURRENCIES = ['TRY', 'EUR', 'USD', 'TND', 'CHF', 'PEN', 'PLN', 'ILS', 'IQD'] as const;
/** One-line texts, with the most characters each may have (the api's limits). */
const TEXTS = [
  ['defaultTheme', 40],
  ['logo', 500],
  ['favicon', 500],
  ['whatsappNumber', 300],
  ['whatsappTitle', 100],
  ['telegramName', 40],
  ['licenceName', 200],
  ['licenceLink', 500],
  ['couponAmountGroup', 200],
  ['liveChatDesktop', 500],
  ['liveChatMobile', 500],
  ['tvLink', 500],
] as const;
const SOCIAL = ['twitter', 'facebook', 'instagram', 'youtube', 'googleplus'] as const;
/** §8 stake limits, 0 = none: per match and player (money, typed as a decimal, sent in minor units) and identical coupons (a count). */
const STAKE_LIMITS = ['matchStakeLimit', 'sameCouponLimit'] as const;
/** Long texts: the footer and the operator's own stylesheet and script. */
const AREAS = ['footerText', 'customCss', 'customJs'] as const;

type Settings = SiteInfo['settings'];

/**
 * Every §3 site setting (what `PATCH /sites/current/settings` accepts): registration and login
 * switches, currency, language and theme, brand images, social and contact links, footer and licence,
 * the betslip's quick stakes, live chat pages (and whether deposit/withdraw open them), the TV link,
 * the per-match stake limit and the same-coupon limit, custom CSS and JS. Only what changed is sent,
 * validated with the api's own `SiteSettingsBody`; the domain's own refusals (`invalidField|logo`)
 * land under their field.
 */
export function SiteSettingsForm({ site, editable }: { site: SiteInfo; editable: boolean }) {
  const { t } = useTranslation('site');
  const failure = useFailureText();
  const change = useChangeSiteSettings();
  const [errors, setErrors] = useState<FieldErrors>({});
  const current = site.settings;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const next: Partial<Settings> = {};
    const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
      if (value !== current[key]) next[key] = value;
    };
    for (const key of SWITCHES) set(key, form.get(key) === 'on');
    set('defaultCurrency', text('defaultCurrency'));
    set('defaultLang', text('defaultLang'));
    for (const [key] of TEXTS) set(key, text(key).trim());
    for (const key of AREAS) set(key, text(key));
    // An unreadable entry goes to the schema as it was typed, so the schema names the field.
    const typed = { matchStakeLimit: text('matchStakeLimit').trim(), sameCouponLimit: text('sameCouponLimit').trim() };
    const read = { matchStakeLimit: parseAmount(typed.matchStakeLimit) ?? typed.matchStakeLimit, sameCouponLimit: /^\d+$/.test(typed.sameCouponLimit) ? Number(typed.sameCouponLimit) : typed.sameCouponLimit };
    const stakeLimits = Object.fromEntries(STAKE_LIMITS.filter((key) => read[key] !== current[key]).map((key) => [key, read[key]]));
    const social = Object.fromEntries(SOCIAL.map((network) => [network, text(`social.${network}`).trim()]).filter(([network, link]) => link !== current.social[network as (typeof SOCIAL)[number]]));
    const checked = validate(SiteSettingsBody, { ...next, ...stakeLimits, ...(Object.keys(social).length ? { social } : {}) });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok && Object.keys(checked.data).length > 0) {
      change.mutate(checked.data, {
        onError: (error) => {
          if (isApiError(error) && error.key === 'invalidField' && error.params[0]) setErrors({ [error.params[0]]: { key: error.key, params: error.params } });
        },
      });
    }
  };

  return (
    <form className="panel form" onSubmit={submit} noValidate data-testid="site-settings-form" key={site.version}>
      <h2>{t('settingsTitle', { name: site.name, version: site.version })}</h2>
      <div className="checks">
        {SWITCHES.map((key) => (
          <label key={key} className="check">
            <input type="checkbox" name={key} defaultChecked={current[key]} disabled={!editable} />
            {t(`fields.${key}`)}
          </label>
        ))}
      </div>
      <div className="form--grid">
        <label>
          {t('fields.defaultCurrency')}
          <select name="defaultCurrency" defaultValue={current.defaultCurrency} disabled={!editable}>
            {[...new Set([current.defaultCurrency, ...CURRENCIES])].map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="defaultCurrency" />
        </label>
        <label>
          {t('fields.defaultLang')}
          <select name="defaultLang" defaultValue={current.defaultLang} disabled={!editable}>
            {[...new Set([current.defaultLang, ...LANGUAGES])].map((lang) => (
              <option key={lang} value={lang}>
                {lang}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="defaultLang" />
        </label>
        {TEXTS.map(([key, max]) => (
          <label key={key}>
            {t(`fields.${key}`)}
            <input name={key} maxLength={max} defaultValue={current[key]} disabled={!editable} />
            <FieldError errors={errors} name={key} />
          </label>
        ))}
        {STAKE_LIMITS.map((key) => (
          <label key={key}>
            {t(`fields.${key}`)}
            <input
              name={key}
              inputMode={key === 'matchStakeLimit' ? 'decimal' : 'numeric'}
              defaultValue={key === 'matchStakeLimit' ? amountInput(current[key] ?? 0) : String(current[key] ?? 0)}
              disabled={!editable}
              data-testid={`field-${key}`}
            />
            <FieldError errors={errors} name={key} />
          </label>
        ))}
        {SOCIAL.map((network) => (
          <label key={network}>
            {t(`social.${network}`)}
            <input name={`social.${network}`} maxLength={500} defaultValue={current.social[network]} placeholder="https://" disabled={!editable} />
            <FieldError errors={errors} name={`social.${network}`} />
          </label>
        ))}
      </div>
      {AREAS.map((key) => (
        <label key={key}>
          {t(`fields.${key}`)}
          <textarea name={key} rows={key === 'footerText' ? 3 : 6} className={key === 'footerText' ? undefined : 'mono'} defaultValue={current[key]} disabled={!editable} />
          <FieldError errors={errors} name={key} />
        </label>
      ))}
      <p className="muted small">{t('settingsHint')}</p>
      {change.isError ? (
        <Notice kind="error" testId="site-settings-error">
          {failure(change.error)}
        </Notice>
      ) : null}
      {change.isSuccess ? (
        <Notice kind="success" testId="site-settings-saved">
          {t('saved')}
        </Notice>
      ) : null}
      {editable ? (
        <button type="submit" className="button button--primary" disabled={change.isPending} data-testid="site-settings-save">
          {t('save')}
        </button>
      ) : null}
    </form>
  );
}
