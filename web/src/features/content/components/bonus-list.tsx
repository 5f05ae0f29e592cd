import type { PublicBonus } from '@kupon/api/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { useUser } from '@/features/auth/api/get-user';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSiteDisplay } from '@/features/site/display';
import { formatDateTime } from '@/lib/format';
import { useUiStore } from '@/stores/ui-store';
import { useBonuses, useRequestBonus } from '../api/content';
import { bonusState, canRequestBonus } from '../rules';

/**
 * Spec §2 promotions and the bonus request popup: the bonuses on offer, each with its request
 * button and state (§3 Bonus status 0 wait, 1 confirmed, 2 canceled; requestedExists). A guest's
 * request opens the login popup.
 */
export function BonusList() {
  const { t } = useTranslation('content');
  const errorText = useErrorText();
  const { lang = 'tr' } = useParams();
  const { user } = useUser();
  const display = useSiteDisplay();
  const openPopup = useUiStore((s) => s.openPopup);
  const bonuses = useBonuses(lang, user?.userId ?? null);
  const request = useRequestBonus();
  const [asked, setAsked] = useState<string | null>(null);

  if (bonuses.isPending) return <div className="page-loading" aria-busy="true" />;
  if (bonuses.isError) return <EmptyState title={errorText(isApiError(bonuses.error) ? bonuses.error.key : 'tecnicalProblemContent')} />;
  const list = bonuses.data.bonuses;
  if (list.length === 0) return <EmptyState title={t('noBonuses')} />;

  const ask = (bonus: PublicBonus) => {
    if (!user) {
      openPopup({ kind: 'login' });
      return;
    }
    setAsked(bonus.id);
    request.mutate(bonus.id);
  };
  const failure = request.error && isApiError(request.error) ? errorText(request.error.key, request.error.params) : request.error ? errorText('tecnicalProblemContent') : null;

  return (
    <ul className="bonus-list" data-testid="bonus-list">
      {list.map((bonus) => {
        const state = user ? bonusState(bonus) : 'available';
        const enabled = !user || canRequestBonus(bonus);
        const pending = request.isPending && asked === bonus.id;
        return (
          <li key={bonus.id} className="bonus" data-testid="bonus" data-bonus-id={bonus.id} data-state={state}>
            <header className="bonus__header">
              <h3>{bonus.title}</h3>
              <span className="tag">{t(`categories.${bonus.category}` as 'categories.other', { defaultValue: bonus.category })}</span>
            </header>
            {bonus.description && <p className="prose">{bonus.description}</p>}
            <dl className="bonus__terms">
              {bonus.percent > 0 && (
                <>
                  <dt>{t('percent')}</dt>
                  <dd>%{bonus.percent}</dd>
                </>
              )}
              {bonus.amount > 0 && (
                <>
                  <dt>{t('amount')}</dt>
                  <dd>{display.money(bonus.amount, user?.currency)}</dd>
                </>
              )}
              {bonus.maxAmount !== null && (
                <>
                  <dt>{t('maxAmount')}</dt>
                  <dd>{display.money(bonus.maxAmount, user?.currency)}</dd>
                </>
              )}
              {bonus.multiplier > 0 && (
                <>
                  <dt>{t('multiplier')}</dt>
                  <dd>{t('times', { count: bonus.multiplier })}</dd>
                </>
              )}
              {bonus.until && (
                <>
                  <dt>{t('until')}</dt>
                  <dd>{formatDateTime(bonus.until)}</dd>
                </>
              )}
              {bonus.oneUse && (
                <>
                  <dt>{t('oneUse')}</dt>
                  <dd>{t('yes')}</dd>
                </>
              )}
            </dl>
            <footer className="bonus__footer">
              {state !== 'available' && (
                <span className={`bonus__state bonus__state--${state}`} data-testid="bonus-state">
                  {t(`states.${state}`)}
                </span>
              )}
              <button type="button" className="button button--primary" disabled={!enabled || pending} onClick={() => ask(bonus)} data-testid="request-bonus">
                {state === 'waiting' ? t('sent') : t('request')}
              </button>
            </footer>
            {failure && asked === bonus.id && !request.isPending && (
              <p className="notice notice--error" role="alert" data-testid="bonus-error">
                {failure}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
