import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { useUser } from '@/features/auth/api/get-user';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { type MoneyType, type PaymentMethod, usePaymentMethods } from '../api/money';
import { MethodDetail } from './method-detail';
import './payment-screen.css';

/** The api names a method's icon by kind (`card`, `bank` …) or gives an image address. */
const GLYPHS: Readonly<Record<string, string>> = { card: '💳', wallet: '👛', mobile: '📱', bank: '🏦', crypto: '₿' };

function MethodIcon({ logo }: { logo: string }) {
  if (/[/.]/.test(logo)) return <img className="payment-method__icon" src={logo} alt="" />;
  return (
    <span className="payment-method__icon" aria-hidden="true">
      {GLYPHS[logo] ?? '💰'}
    </span>
  );
}

/**
 * Spec §2 deposit screen (withdraw uses the same model): the methods on the left with icon, name,
 * Min and Max, the chosen one's detail on the right; the first is chosen until the player picks.
 */
export function PaymentScreen({ type }: { type: MoneyType }) {
  const { t } = useTranslation(['money', 'layout']);
  const errorText = useErrorText();
  const { lang = 'tr' } = useParams();
  const { user } = useUser();
  const methods = usePaymentMethods(type, lang);
  const [chosen, setChosen] = useState<number | null>(null);

  if (methods.isPending) return <div className="page-loading" aria-busy="true" />;
  if (methods.isError) return <EmptyState title={isApiError(methods.error) ? errorText(methods.error.key, methods.error.params) : errorText('tecnicalProblemContent')} />;
  const list = methods.data;
  const method = list.find((m) => m.payCatId === chosen) ?? list[0];
  if (!method) return <EmptyState title={t('layout:noPaymentMethods')} />;
  const currency = user?.currency;
  const limit = (amount: number) => (amount > 0 ? formatMoney(amount, currency) : t('noMax'));

  return (
    <div className="payment-screen">
      <ul className="payment-methods" aria-label={t('methods')} data-testid="payment-methods">
        {list.map((m: PaymentMethod) => (
          <li key={m.payCatId}>
            <button type="button" className="payment-method" aria-pressed={m === method} onClick={() => setChosen(m.payCatId)} data-testid="payment-method">
              <MethodIcon logo={m.typeLogo} />
              <span className="payment-method__name">{m.catName}</span>
              <span className="payment-method__limits">
                <span data-testid="method-min">
                  {t('min')}: {formatMoney(m.minAmount, currency)}
                </span>
                <span data-testid="method-max">
                  {t('max')}: {limit(m.maxAmount)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="payment-detail" data-testid="payment-detail">
        {/* A fresh detail per method and direction: what was typed for one never goes with another. */}
        <MethodDetail key={`${type}-${method.payCatId}`} method={method} type={type} user={user} />
      </div>
    </div>
  );
}
