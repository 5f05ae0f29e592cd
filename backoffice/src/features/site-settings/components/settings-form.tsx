import { type SiteInfo, SiteSettingsBody } from '@contract/identity';
import { PAYOUT_TIER_FLOORS, payoutTiersProblem } from '@kupon/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { isApiError } from '@/lib/api-client';
import { amountInput, oddsInput, parseAmount, parseOdds } from '@/lib/format';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { LANGUAGES } from '@/lib/language';
import { useChangeSiteSettings } from '../api/site-settings';

/** §3 site switches. */
const SWITCHES = ['registerDisabled', 'loginScreen', 'mailActivation', 'registerMobileRequired', 'registerTcRequired', 'affiliateStatus', 'moneyByLiveChat', 'topWinners', 'themeChange', 'rivHeaderSee', 'browserLanguage', 'liveShowTracker', 'autoPrint', 'maintenance'] as const;
/** §3 settings with a fixed set of values: where a new player goes, how deposit/withdraw open. */
const CHOICES = [
  [
    'redirectRegister',
    [
      ['deposit', 'choices.redirectRegister.deposit'],
      ['home', 'choices.redirectRegister.home'],
    ],
  ],
  [
    'payway',
    [
      ['popup', 'choices.payway.popup'],
      ['page', 'choices.payway.page'],
    ],
  ],
] as const;
/** §3 image lists, one address a line. */
const LISTS = ['paymentLogos', 'tvLogos'] as const;
/** §3 two special banners: image (file) and link each. */
const BANNERS = ['specialBanner1', 'specialBanner2'] as const;
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
  ['title', 200],
  ['keywords', 500],
  ['background', 500],
  ['analyticsId', 40],
  ['siteVerification', 200],
  ['defaultPhone', 5],
  ['defaultCountry', 2],
  ['statisticUrl', 500],
  ['virtualGamesIds', 2000],
  ['tvGamesIds', 2000],
  ['topCasinoIds', 2000],
  ['newCasinoIds', 2000],
  ['topSlotIds', 2000],
  ['newSlotIds', 2000],
] as const;
const SOCIAL = ['twitter', 'facebook', 'instagram', 'youtube', 'googleplus'] as const;
/** §8 stake limits, 0 = none: per match and player (money, typed as a decimal, sent in minor units) and identical coupons (a count). */
const STAKE_LIMITS = ['matchStakeLimit', 'sameCouponLimit'] as const;
/** §3 bonusCoupon: whole numbers typed as they are (percent, selection count); the odds as a decimal. */
const BONUS_COUNTS = ['bonusPercent', 'bonusTipCount'] as const;
/** §9 max payout tiers: each band of total stake named by its floor and top in currency units ("1–100", …, "5000+"). */
const PAYOUT_BANDS = PAYOUT_TIER_FLOORS.map((floor, band) => {
  const top = PAYOUT_TIER_FLOORS[band + 1];
  return top === undefined ? `${floor / 100}+` : `${Math.max(floor / 100, 1)}–${top / 100}`;
});
/** A percent typed with up to two decimals ("5", "2,5") in basis points; null when it does not read. */
function percentToBp(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', decimals = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}
const bpToPercent = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2).replace(/0$/, '').replace('.', ','));
/** Long texts: the footer and the operator's own stylesheet and script. */
const AREAS = ['footerText', 'description', 'customCss', 'customJs', 'analyticsScript'] as const;

type Settings = SiteInfo['settings'];

/**
 * Every §3 site setting (what `PATCH /sites/current/settings` accepts): registration and login
 * switches, currency, language and theme, brand images, social and contact links, footer and licence,
 * the betslip's quick stakes, live chat pages (and whether deposit/withdraw open them), the TV link,
 * the per-match stake limit and the same-coupon limit, custom CSS and JS, and the rest of §3: title and
 * meta tags, background, payment/TV logos, analytics, site verification, registration redirect,
 * phone prefix and country, display switches, decimals, casino id lists, special banners. Only what changed is sent,
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
      if (JSON.stringify(value) !== JSON.stringify(current[key])) next[key] = value;
    };
    for (const key of SWITCHES) set(key, form.get(key) === 'on');
    set('currencyMode', form.get('currencyMode') === 'on' ? 1 : 0);
    for (const [key] of CHOICES) set(key, text(key) as Settings[typeof key]);
    for (const key of LISTS)
      set(
        key,
        text(key)
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      );
    for (const key of BANNERS) set(key, { file: text(`${key}.file`).trim(), link: text(`${key}.link`).trim() });
    const decimals = text('toFixedNumber').trim();
    // Typed as it is when not a whole number, so the schema names the field.
    set('toFixedNumber', (/^\d+$/.test(decimals) ? Number(decimals) : decimals) as number);
    set('defaultCurrency', text('defaultCurrency'));
    set('defaultLang', text('defaultLang'));
    for (const [key] of TEXTS) set(key, text(key).trim());
    for (const key of AREAS) set(key, text(key));
    // An unreadable entry goes to the schema as it was typed, so the schema names the field.
    const typed = { matchStakeLimit: text('matchStakeLimit').trim(), sameCouponLimit: text('sameCouponLimit').trim() };
    const read = { matchStakeLimit: parseAmount(typed.matchStakeLimit) ?? typed.matchStakeLimit, sameCouponLimit: /^\d+$/.test(typed.sameCouponLimit) ? Number(typed.sameCouponLimit) : typed.sameCouponLimit };
    const stakeLimits = Object.fromEntries(STAKE_LIMITS.filter((key) => read[key] !== current[key]).map((key) => [key, read[key]]));
    // §3 bonusCoupon and §4 sell/cancel: an entry that does not read goes to the schema as typed, so it names the field.
    const whole = (name: string) => {
      const typed = text(name).trim();
      return (/^\d+$/.test(typed) ? Number(typed) : typed) as number;
    };
    const bonusOdds = text('bonusCoupon.bonusOdds');
    set('bonusCoupon', { bonusPercent: whole('bonusCoupon.bonusPercent'), bonusTipCount: whole('bonusCoupon.bonusTipCount'), bonusOdds: (parseOdds(bonusOdds) ?? bonusOdds) as number });
    set('couponCancel', { enabled: form.get('couponCancel.enabled') === 'on', periodMinutes: whole('couponCancel.periodMinutes') });
    // §9 max payout tiers, money typed as decimals; empty is 0 (no cap). What does not read goes as typed, so the schema names the band.
    const tiers = PAYOUT_BANDS.map((_, band) => {
      const typed = text(`maxPayoutTiers.${band}`).trim();
      return (typed === '' ? 0 : (parseAmount(typed) ?? typed)) as number;
    });
    set('maxPayoutTiers', tiers);
    if (current.couponSell) {
      const margin = text('couponSell.margin');
      set('couponSell', { enabled: form.get('couponSell.enabled') === 'on', marginBp: (percentToBp(margin) ?? margin) as number });
    }
    const social = Object.fromEntries(SOCIAL.map((network) => [network, text(`social.${network}`).trim()]).filter(([network, link]) => link !== current.social[network as (typeof SOCIAL)[number]]));
    // §8 blocked countries: ISO codes separated by commas or spaces, compared with what the site holds (none: []).
    const blockedCountries = text('blockedCountries')
      .split(/[\s,;]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean);
    if (JSON.stringify(blockedCountries) !== JSON.stringify(current.blockedCountries ?? [])) next.blockedCountries = blockedCountries;
    const checked = validate(SiteSettingsBody, { ...next, ...stakeLimits, ...(Object.keys(social).length ? { social } : {}) });
    // A bad code is reported under the field, not under its position in the list.
    const fieldErrors: Record<string, FieldErrors[string]> = checked.ok ? {} : Object.fromEntries(Object.entries(checked.errors).map(([path, error]) => [path.startsWith('blockedCountries.') ? 'blockedCountries' : path, error]));
    // Tiers that would let a larger stake win less: the domain's own rule, named under the band before anything is sent.
    const tierProblem = checked.ok && next.maxPayoutTiers ? payoutTiersProblem(next.maxPayoutTiers) : null;
    if (tierProblem) fieldErrors[tierProblem] = { key: 'invalidField', params: [tierProblem] };
    setErrors(fieldErrors);
    if (checked.ok && !tierProblem && Object.keys(checked.data).length > 0) {
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
        <label className="check">
          <input type="checkbox" name="currencyMode" defaultChecked={current.currencyMode === 1} disabled={!editable} />
          {t('fields.currencyMode')}
        </label>
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
            <input name={key} maxLength={max} defaultValue={current[key]} disabled={!editable} data-testid={`field-${key}`} />
            <FieldError errors={errors} name={key} />
          </label>
        ))}
        <label>
          {t('fields.blockedCountries')}
          <input name="blockedCountries" maxLength={1000} defaultValue={(current.blockedCountries ?? []).join(', ')} disabled={!editable} data-testid="field-blockedCountries" />
          <span className="muted small">{t('fields.blockedCountriesHint')}</span>
          <FieldError errors={errors} name="blockedCountries" />
        </label>
        {CHOICES.map(([key, options]) => (
          <label key={key}>
            {t(`fields.${key}`)}
            <select name={key} defaultValue={current[key]} disabled={!editable} data-testid={`field-${key}`}>
              {options.map(([option, label]) => (
                <option key={option} value={option}>
                  {t(label)}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name={key} />
          </label>
        ))}
        <label>
          {t('fields.toFixedNumber')}
          <input name="toFixedNumber" inputMode="numeric" defaultValue={String(current.toFixedNumber)} disabled={!editable} data-testid="field-toFixedNumber" />
          <FieldError errors={errors} name="toFixedNumber" />
        </label>
        {BANNERS.map((key) => (
          <fieldset key={key} className="form__group">
            <legend>{t(`fields.${key}`)}</legend>
            <label>
              {t('fields.bannerFile')}
              <input name={`${key}.file`} maxLength={500} defaultValue={current[key].file} disabled={!editable} data-testid={`field-${key}.file`} />
              <FieldError errors={errors} name={`${key}.file`} />
            </label>
            <label>
              {t('fields.bannerLink')}
              <input name={`${key}.link`} maxLength={500} defaultValue={current[key].link} disabled={!editable} data-testid={`field-${key}.link`} />
              <FieldError errors={errors} name={`${key}.link`} />
            </label>
            <FieldError errors={errors} name={key} />
          </fieldset>
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
        <fieldset className="form__group" data-testid="coupon-settings">
          <legend>{t('fields.couponRules')}</legend>
          {BONUS_COUNTS.map((key) => (
            <label key={key}>
              {t(`fields.${key}`)}
              <input name={`bonusCoupon.${key}`} inputMode="numeric" defaultValue={String(current.bonusCoupon[key])} disabled={!editable} data-testid={`field-bonusCoupon.${key}`} />
              <FieldError errors={errors} name={`bonusCoupon.${key}`} />
            </label>
          ))}
          <label>
            {t('fields.bonusOdds')}
            <input name="bonusCoupon.bonusOdds" inputMode="decimal" defaultValue={oddsInput(current.bonusCoupon.bonusOdds)} disabled={!editable} data-testid="field-bonusCoupon.bonusOdds" />
            <FieldError errors={errors} name="bonusCoupon.bonusOdds" />
          </label>
          {current.couponSell ? (
            <>
              <label className="check">
                <input type="checkbox" name="couponSell.enabled" defaultChecked={current.couponSell.enabled} disabled={!editable} data-testid="field-couponSell.enabled" />
                {t('fields.couponSellEnabled')}
              </label>
              <label>
                {t('fields.couponSellMargin')}
                <input name="couponSell.margin" inputMode="decimal" defaultValue={bpToPercent(current.couponSell.marginBp)} disabled={!editable} data-testid="field-couponSell.margin" />
                <FieldError errors={errors} name="couponSell.marginBp" />
              </label>
            </>
          ) : null}
          <label className="check">
            <input type="checkbox" name="couponCancel.enabled" defaultChecked={current.couponCancel.enabled} disabled={!editable} data-testid="field-couponCancel.enabled" />
            {t('fields.couponCancelEnabled')}
          </label>
          <label>
            {t('fields.couponCancelMinutes')}
            <input name="couponCancel.periodMinutes" inputMode="numeric" defaultValue={String(current.couponCancel.periodMinutes)} disabled={!editable} data-testid="field-couponCancel.periodMinutes" />
            <FieldError errors={errors} name="couponCancel.periodMinutes" />
          </label>
        </fieldset>
        <fieldset className="form__group" data-testid="payout-tiers">
          <legend>{t('fields.maxPayoutTiers')}</legend>
          {PAYOUT_BANDS.map((band, index) => (
            <label key={band}>
              {t('fields.maxPayoutTier', { band })}
              <input
                name={`maxPayoutTiers.${index}`}
                inputMode="decimal"
                defaultValue={amountInput(current.maxPayoutTiers[index] ?? 0)}
                disabled={!editable}
                data-testid={`field-maxPayoutTiers.${index}`}
              />
              <FieldError errors={errors} name={`maxPayoutTiers.${index}`} />
            </label>
          ))}
          <FieldError errors={errors} name="maxPayoutTiers" />
        </fieldset>
        {SOCIAL.map((network) => (
          <label key={network}>
            {t(`social.${network}`)}
            <input name={`social.${network}`} maxLength={500} defaultValue={current.social[network]} placeholder="https://" disabled={!editable} />
            <FieldError errors={errors} name={`social.${network}`} />
          </label>
        ))}
      </div>
      {LISTS.map((key) => (
        <label key={key}>
          {t(`fields.${key}`)}
          <textarea name={key} rows={3} className="mono" defaultValue={current[key].join('\n')} disabled={!editable} data-testid={`field-${key}`} />
          <FieldError errors={errors} name={key} />
        </label>
      ))}
      {AREAS.map((key) => (
        <label key={key}>
          {t(`fields.${key}`)}
          <textarea name={key} rows={key === 'footerText' || key === 'description' ? 3 : 6} className={key === 'footerText' || key === 'description' ? undefined : 'mono'} defaultValue={current[key]} disabled={!editable} data-testid={`field-${key}`} />
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
