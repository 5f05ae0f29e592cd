import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { useUser } from '@/features/auth/api/get-user';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSiteDisplay } from '@/features/site/display';
import { type MoneyType, type PaymentMethod, usePaymentMethods } from '../api/money';
import { MethodDetail } from './method-detail';
import './payment-screen.css';

/** The api names a method's icon by kind (`card`, `bank` …) or gives an image address; line drawings in the text colour. */
const ICONS: Readonly<Record<string, string>> = {
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  wallet: 'M4 7h14v12H4zM4 7l11-3v3M14 13h4',
  mobile: 'M8 3h8v18H8zM11 18h2',
  bank: 'M3 10h18L12 4zM5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  crypto: 'M9 5v14M13 5v2M13 17v2M8 7h6a2.5 2.5 0 0 1 0 5H8M8 12h7a2.5 2.5 0 0 1 0 5H8',
};

function MethodIcon({ logo, name }: { logo: string; name: string }) {
  if (/[/.]/.test(logo)) return <img className="payment-method__icon" src={logo} alt="" />;
  const path = ICONS[logo];
  if (!path) {
    return (
      <span className="payment-method__icon" aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    );
  }
  return (
    <svg className="payment-method__icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={path} />
    </svg>
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
  const display = useSiteDisplay();
  const methods = usePaymentMethods(type, lang);
  const [chosen, setChosen] = useState<number | null>(null);

  if (methods.isPending) return <div className="page-loading" aria-busy="true" />;
  if (methods.isError) return <EmptyState title={isApiError(methods.error) ? errorText(methods.error.key, methods.error.params) : errorText('tecnicalProblemContent')} />;
  const list = methods.data;
  const method = list.find((m) => m.payCatId === chosen) ?? list[0];
  if (!method) return <EmptyState title={t('layout:noPaymentMethods')} />;
  const currency = user?.currency;
  const limit = (amount: number) => (amount > 0 ? display.money(amount, currency) : t('noMax'));

  return (
    <div className="payment-screen">
      <ul className="payment-methods" aria-label={t('methods')} data-testid="payment-methods">
        {list.map((m: PaymentMethod) => (
          <li key={m.payCatId}>
            <button type="button" className="payment-method" aria-pressed={m === method} onClick={() => setChosen(m.payCatId)} data-testid="payment-method">
              <MethodIcon logo={m.typeLogo} name={m.catName} />
              <span className="payment-method__name">{m.catName}</span>
              <span className="payment-method__limits">
                <span data-testid="method-min">
                  {t('min')}: {display.money(m.minAmount, currency)}
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
