import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useActivation } from '@/features/auth/api/account';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';

/** Spec §2 /activation/{activationcode}. */
export default function ActivationPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { activationcode = '' } = useParams();
  const activation = useActivation(activationcode);
  return (
    <section className="page page--narrow" data-testid="page-activation">
      <h1>{t('activation')}</h1>
      {activation.isPending && <div className="page-loading" aria-busy="true" />}
      {activation.isSuccess && <p className="notice notice--success">{t('activated')}</p>}
      {activation.isError && (
        <p className="notice notice--error" role="alert">
          {isApiError(activation.error) ? errorText(activation.error.key, activation.error.params) : errorText('activationCodeWrong')}
        </p>
      )}
    </section>
  );
}
