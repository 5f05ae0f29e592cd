import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/lib/error-text';
import type { AnswerStep } from '../payment-form';

/** What the panel shows after an accepted request: the provider's frame, where the browser went, or the message. */
export function RequestOutcome({ step }: { step: AnswerStep }) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  switch (step.kind) {
    case 'frame':
      return <iframe className="payment-frame" src={step.url} title={t('paymentFrame')} width={640} height={480} data-testid="payment-frame" />;
    case 'open':
      return (
        <p className="notice notice--success" role="status" data-testid="payment-opened">
          {step.target && step.target !== '_self' ? t('openedInNewTab') : t('redirecting')}
        </p>
      );
    case 'message':
      return (
        <p className="notice notice--success" role="status" data-testid="payment-success">
          {errorText(step.key)}
        </p>
      );
    default: {
      const never: never = step;
      return never;
    }
  }
}
