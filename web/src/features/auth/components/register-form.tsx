import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useCaptcha, useRegister } from '../api/account';
import { optionsWith, useCountries, useCurrencies } from '../api/profile';
import { CaptchaField } from './captcha-field';
import { EMPTY_REGISTRATION, type FieldProblem, isRequiredField, type RegistrationField, type RegistrationForm, registrationProblems, registrationSwitches } from '../registration';

type FieldKind = 'text' | 'password' | 'email' | 'tel' | 'select-sex' | 'select-country' | 'select-currency';

const FIELDS: readonly { name: RegistrationField; kind: FieldKind; autoComplete?: string }[] = [
  { name: 'firstName', kind: 'text', autoComplete: 'given-name' },
  { name: 'lastName', kind: 'text', autoComplete: 'family-name' },
  { name: 'birthDate', kind: 'text', autoComplete: 'bday' },
  { name: 'sex', kind: 'select-sex' },
  { name: 'idNumber', kind: 'text' },
  { name: 'email', kind: 'email', autoComplete: 'email' },
  { name: 'phoneCode', kind: 'tel' },
  { name: 'mobile', kind: 'tel', autoComplete: 'tel-national' },
  { name: 'countryId', kind: 'select-country', autoComplete: 'country' },
  { name: 'city', kind: 'text', autoComplete: 'address-level2' },
  { name: 'address', kind: 'text', autoComplete: 'street-address' },
  { name: 'postCode', kind: 'text', autoComplete: 'postal-code' },
  { name: 'userName', kind: 'text', autoComplete: 'username' },
  { name: 'password', kind: 'password', autoComplete: 'new-password' },
  { name: 'passwordRepeat', kind: 'password', autoComplete: 'new-password' },
  { name: 'currency', kind: 'select-currency' },
  { name: 'promotionCode', kind: 'text' },
];

/** Spec §2 /register, §3 registration payload, §5 registration rules, with the security code. */
export function RegisterForm({ onRegistered }: { onRegistered: (status: 'active' | 'pending') => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { lang = 'tr', affcode } = useParams();
  const captcha = useCaptcha();
  const register = useRegister();
  const settings = useSiteSettings();
  // §7 getCountries / getCurrencies: both are chosen from the api's lists, named in the page's language.
  const countries = useCountries(lang);
  const currencies = useCurrencies(lang);
  // §3 registerMobileRequired / registerTcRequired, as the server applies them.
  const switches = registrationSwitches(settings);
  // §3 defaultPhone / defaultCountry / defaultCurrency: the form starts with the site's phone prefix, country and currency.
  const [form, setForm] = useState<RegistrationForm>({ ...EMPTY_REGISTRATION, phoneCode: settings.defaultPhone, countryId: settings.defaultCountry, currency: settings.defaultCurrency });
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const prefilled = useRef({ phoneCode: settings.defaultPhone, countryId: settings.defaultCountry, currency: settings.defaultCurrency });
  useEffect(() => {
    // The site's settings may arrive after the first render: replace the prefill, never what the player typed.
    const before = prefilled.current;
    prefilled.current = { phoneCode: settings.defaultPhone, countryId: settings.defaultCountry, currency: settings.defaultCurrency };
    setForm((f) => ({
      ...f,
      phoneCode: f.phoneCode === '' || f.phoneCode === before.phoneCode ? settings.defaultPhone : f.phoneCode,
      countryId: f.countryId === '' || f.countryId === before.countryId ? settings.defaultCountry : f.countryId,
      currency: f.currency === '' || f.currency === before.currency ? settings.defaultCurrency : f.currency,
    }));
  }, [settings.defaultPhone, settings.defaultCountry, settings.defaultCurrency]);

  const set = (name: RegistrationField, value: string) => setForm((f) => ({ ...f, [name]: value }));
  const problemOf = (name: RegistrationField) => problems.find((p) => p.field === name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = registrationProblems(form, new Date(), switches);
    setProblems(found);
    if (found.length) return;
    const { captcha: code, ...payload } = form;
    const filled = Object.fromEntries(Object.entries(payload).filter(([, v]) => v.trim() !== '')) as Partial<typeof payload>;
    register.mutate(
      { ...filled, ...(affcode ? { affiliateUser: affcode } : {}), lang, captchaId: captcha.data?.captchaId ?? '', captchaCode: code.trim() },
      {
        // An account that may log in at once is told so (and where §3 redirectRegister sends it); one awaiting activation, to open its mail.
        onSuccess: (answer) => onRegistered((answer as { status?: string } | undefined)?.status === 'active' ? 'active' : 'pending'),
        onError: () => void captcha.refetch(),
      },
    );
  };

  const serverError = register.error ? (isApiError(register.error) ? errorText(register.error.key, register.error.params) : errorText('tecnicalProblemContent')) : null;

  return (
    <form className="form form--grid" onSubmit={submit} noValidate data-testid="register-form">
      {affcode && (
        <p className="notice notice--info" data-testid="register-affiliate-code">
          {t('affiliateCodeCarried', { code: affcode })}
        </p>
      )}
      {FIELDS.map(({ name, kind, autoComplete }) => {
        const problem = problemOf(name);
        const list = kind === 'select-country' ? countries.data?.countries : kind === 'select-currency' ? currencies.data?.currencies : undefined;
        return (
          <label key={name}>
            {t(`fields.${name}`)}
            {!isRequiredField(name, switches) && name !== 'currency' && <span className="muted"> ({t('optional')})</span>}
            {kind === 'select-sex' ? (
              <select name={name} value={form[name]} onChange={(e) => set(name, e.target.value)}>
                <option value="">{t('choose')}</option>
                <option value="f">{t('sexFemale')}</option>
                <option value="m">{t('sexMale')}</option>
              </select>
            ) : kind === 'select-country' || kind === 'select-currency' ? (
              <select name={name} value={form[name]} autoComplete={autoComplete} onChange={(e) => set(name, e.target.value)}>
                <option value="">{t('choose')}</option>
                {optionsWith(list, form[name]).map((option) => (
                  <option key={option.code} value={option.code}>
                    {kind === 'select-currency' ? `${option.code} · ${option.name}` : option.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                name={name}
                type={kind}
                value={form[name]}
                autoComplete={autoComplete}
                placeholder={name === 'birthDate' ? t('birthDatePlaceholder') : undefined}
                onChange={(e) => set(name, e.target.value)}
              />
            )}
            {problem && <span className="field-error">{errorText(problem.key, problem.params ?? [])}</span>}
          </label>
        );
      })}
      <CaptchaField captcha={captcha} value={form.captcha} onChange={(code) => set('captcha', code)} error={problemOf('captcha') ? errorText('isRequiredArea') : null} />
      {serverError && (
        <p className="notice notice--error" role="alert" data-testid="register-error">
          {serverError}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
        {t('registerSubmit')}
      </button>
    </form>
  );
}
