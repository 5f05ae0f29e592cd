import { useTranslation } from 'react-i18next';
import type { useCaptcha } from '../api/account';

/**
 * The security code as a guest's form asks it (§5 "security code checked"): the drawn challenge, a
 * button for a new one, and the field the code is typed in. The form owns the challenge (it sends
 * its id and asks for a new one after each send) and the typed code.
 */
export function CaptchaField({ captcha, value, onChange, error }: { captcha: ReturnType<typeof useCaptcha>; value: string; onChange: (code: string) => void; error?: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <div className="captcha">
      {captcha.data ? (
        <img src={`data:image/svg+xml;utf8,${encodeURIComponent(captcha.data.svg)}`} alt={t('captchaImage')} data-testid="captcha-image" />
      ) : (
        <span className="muted">{captcha.isPending ? t('loading') : t('captchaUnavailable')}</span>
      )}
      <button type="button" className="link-button" onClick={() => void captcha.refetch()}>
        {t('newCaptcha')}
      </button>
      <label>
        {t('fields.captcha')}
        <input name="captcha" value={value} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
        {error && <span className="field-error">{error}</span>}
      </label>
    </div>
  );
}
