import type { SlipSelection } from '@kupon/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteDisplay } from '@/features/site/display';
import { useErrorText } from '@/lib/error-text';
import type { SelectionDetail } from '@/stores/betslip-store';

export interface CreationAlertProps {
  readonly state: 'pending' | 'success' | 'error';
  readonly error: { key: string; params: readonly string[] } | null;
  readonly selections: readonly SlipSelection[];
  readonly details: Readonly<Record<string, SelectionDetail>>;
  /** The player closes an alert that ended in error; a successful one closes by itself. */
  readonly onClose: () => void;
}

/** How long the accepted coupon's alert stays before it closes by itself (spec silent; long enough to read). */
export const CREATION_SUCCESS_MS = 2000;

/**
 * Spec §2/§4 coupon creation alert: each selection's status while the coupon is created (dialog
 * status 5, which covers the live acceptance delay); closable only once it ended in error.
 */
export function CreationAlert({ state, error, selections, details, onClose }: CreationAlertProps) {
  const { t } = useTranslation('betslip');
  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(onClose, CREATION_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state, onClose]);
  const errorText = useErrorText();
  const display = useSiteDisplay();
  const named = (s: SlipSelection) => {
    const d = details[s.id];
    return d ? `${d.home} - ${d.away} · ${d.outcomeName}` : s.outcomeId;
  };
  const concerns = (s: SlipSelection) => error !== null && error.params.some((p) => p === s.id || p === s.matchId);
  return (
    <div className="modal-backdrop">
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="creation-title" data-testid="creation-alert" data-state={state}>
        <h2 id="creation-title">{t(`creation.${state}`)}</h2>
        <ul className="creation-list">
          {selections.map((s) => (
            <li key={s.id} data-status={state === 'error' && concerns(s) ? 'error' : state}>
              <span>{named(s)}</span> <span className="odds-value">{display.odds(s.odds)}</span>{' '}
              <span className="muted">
                {state === 'pending' ? t('creation.waiting') : state === 'success' ? t('creation.accepted') : concerns(s) ? t('creation.refused') : ''}
              </span>
            </li>
          ))}
        </ul>
        {state === 'pending' && <div className="spinner" aria-label={t('creation.waiting')} />}
        {state === 'error' && error && (
          <p className="notice notice--error" role="alert">
            {errorText(error.key, error.params)}
          </p>
        )}
        {state === 'error' && (
          <button type="button" className="button button--primary" onClick={onClose} data-testid="creation-close">
            {t('creation.close')}
          </button>
        )}
      </div>
    </div>
  );
}
