import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useTerminalLogin } from '../api/hand-login';
import { deviceMachineId } from '../machine-id';
import { LOGIN_MAX, LOGIN_MIN } from '../validation';

/** §9 / the api's TerminalLoginBody: a keypad password of 4 to 6 digits. */
export const PIN_MIN = 4;
export const PIN_MAX = 6;

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

type Problem = { field: 'userName' | 'password'; text: string };

/**
 * Spec §2 /handlogin: the terminal (cashier point) login, full screen (header and footer hidden).
 * User name, a numeric PIN typed or tapped on the keypad, and this device's machine id (made once,
 * kept in localStorage, sent with every login so the IP log shows which till it was). After login
 * the terminal goes to the sports page.
 */
export default function HandLoginPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { lang = 'tr' } = useParams();
  const login = useTerminalLogin();
  const [machineId] = useState(deviceMachineId);
  const [userName, setUserName] = useState('');
  const [pin, setPin] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);

  const typePin = (value: string) => setPin(value.replace(/\D/g, '').slice(0, PIN_MAX));
  const press = (key: (typeof KEYS)[number]) => {
    if (key === 'clear') setPin('');
    else if (key === 'back') setPin((current) => current.slice(0, -1));
    else typePin(pin + key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = userName.trim();
    const found: Problem[] = [];
    if (!name) found.push({ field: 'userName', text: errorText('isRequiredArea') });
    else if (name.length < LOGIN_MIN || name.length > LOGIN_MAX) found.push({ field: 'userName', text: errorText('minLengthMaxLength', ['userName', LOGIN_MIN, LOGIN_MAX]) });
    if (!pin) found.push({ field: 'password', text: errorText('isRequiredArea') });
    else if (pin.length < PIN_MIN) found.push({ field: 'password', text: t('pinRule', { min: PIN_MIN, max: PIN_MAX }) });
    setProblems(found);
    if (found.length) return;
    login.mutate({ userName: name, password: pin, machineId }, { onSuccess: () => navigate(`/${lang}/sports`, { replace: true }) });
  };

  const problemOf = (field: Problem['field']) => problems.find((p) => p.field === field)?.text;
  const serverError = login.error ? (isApiError(login.error) ? errorText(login.error.key, login.error.params) : errorText('tecnicalProblemContent')) : null;

  return (
    <section className="page page--narrow login-screen" data-testid="page-handlogin" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
      <h1>{t('handLoginTitle')}</h1>
      <form className="form" onSubmit={submit} noValidate data-testid="handlogin-form">
        <label>
          {t('userName')}
          <input name="userName" autoComplete="username" autoCapitalize="none" value={userName} maxLength={LOGIN_MAX} onChange={(e) => setUserName(e.target.value)} />
          {problemOf('userName') && <span className="field-error">{problemOf('userName')}</span>}
        </label>
        <label>
          {t('pin')}
          <input
            name="password"
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="current-password"
            value={pin}
            maxLength={PIN_MAX}
            onChange={(e) => typePin(e.target.value)}
          />
          {problemOf('password') && <span className="field-error">{problemOf('password')}</span>}
        </label>
        <div role="group" aria-label={t('keypad')} data-testid="handlogin-keypad" style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
          {KEYS.map((key) => (
            <button key={key} type="button" className="button" onClick={() => press(key)} aria-label={key === 'clear' ? t('keypadClear') : key === 'back' ? t('keypadBack') : key}>
              {key === 'clear' ? 'C' : key === 'back' ? '⌫' : key}
            </button>
          ))}
        </div>
        {serverError && (
          <p className="notice notice--error" role="alert" data-testid="handlogin-error">
            {serverError}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? t('signingIn') : t('signIn')}
        </button>
      </form>
      <p className="muted small" data-testid="machine-id">
        {t('machineId')}: {machineId}
      </p>
    </section>
  );
}
