import { binomial, couponSummary, isDomainError, stakeBounds, type SlipType } from '@kupon/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteDisplay } from '@/features/site/display';
import { useErrorText } from '@/lib/error-text';
import { formatMoney, parseAmount, shortTeamName } from '@/lib/format';
import { useBetslipStore } from '@/stores/betslip-store';

export interface BetslipPanelProps {
  readonly currency: string;
  readonly currencyMode: number;
  /** Quick stakes from `coupon_amount_group`, minor units. */
  readonly quickStakes: readonly number[];
  /** Called when the player asks to place the coupon; the app decides (login popup or placement). */
  readonly onPlace: () => void;
  readonly placing?: boolean;
}

const TYPE_KEYS: Record<SlipType, 'type.NA' | 'type.TK' | 'type.KK' | 'type.CK' | 'type.SK'> = {
  NA: 'type.NA',
  TK: 'type.TK',
  KK: 'type.KK',
  CK: 'type.CK',
  SK: 'type.SK',
};

/** The betslip (spec §3 betslip item and coupon summary, §5 rules). */
export function BetslipPanel({ currency, currencyMode, quickStakes, onPlace, placing = false }: BetslipPanelProps) {
  const { t } = useTranslation('betslip');
  const errorText = useErrorText();
  const slip = useBetslipStore((s) => s.slip);
  const details = useBetslipStore((s) => s.details);
  const rules = useBetslipStore((s) => s.rules);
  const notice = useBetslipStore((s) => s.notice);
  const remove = useBetslipStore((s) => s.remove);
  const clear = useBetslipStore((s) => s.clear);
  const toggleBanker = useBetslipStore((s) => s.toggleBanker);
  const chooseSystemSizes = useBetslipStore((s) => s.chooseSystemSizes);
  const setStake = useBetslipStore((s) => s.setStake);
  const setOddChangeOk = useBetslipStore((s) => s.setOddChangeOk);
  const dismissNotice = useBetslipStore((s) => s.dismissNotice);

  const summary = couponSummary(slip, rules);
  // §3 tofixedNumber: shown with the site's decimals; the stake field keeps the two a player types.
  const display = useSiteDisplay();
  const money = (amount: number) => formatMoney(amount, currency, currencyMode, display.decimals);
  // What the player is typing, until Enter or leaving the field commits it; otherwise the field
  // shows the slip's stake. Rendered from the store in the same pass that changes it, never copied
  // over by an effect afterwards, so a late copy cannot replace (or append to) a player's typing.
  const [stakeDraft, setStakeDraft] = useState<string | null>(null);
  const stakeText = stakeDraft ?? formatMoney(slip.stake);

  const bankers = summary.cSystem.b;
  const picks = slip.selections.length;
  const systemPossible = picks >= 2 && summary.cType !== 'CK' && summary.cType !== 'TK';
  const sizes = systemPossible ? Array.from({ length: picks - bankers }, (_, i) => bankers + 1 + i) : [];
  const bounds = stakeBounds(slip, rules);

  // The summary follows the typing: every amount that reads is the slip's stake at once. One that does
  // not (a minus sign, letters) stays in the field, refused, and nothing can be placed: never the
  // previous stake behind a field that shows something else.
  const stakeUnreadable = stakeDraft !== null && parseAmount(stakeDraft) === null;
  const typeStake = (text: string) => {
    setStakeDraft(text);
    const amount = parseAmount(text);
    if (amount !== null) setStake(amount);
  };
  const commitStake = () => {
    if (stakeDraft === null || stakeUnreadable) return;
    setStakeDraft(null);
  };

  const toggleSize = (size: number) => {
    const chosen = slip.systemSizes.includes(size) ? slip.systemSizes.filter((k) => k !== size) : [...slip.systemSizes, size];
    chooseSystemSizes(chosen);
  };

  return (
    <section className="betslip" aria-label={t('title')} data-testid="betslip">
      <header className="betslip__header">
        <h2>
          {t('title')} <span className="badge" data-testid="betslip-count">{picks}</span>
        </h2>
        {picks > 0 && (
          <button type="button" className="link-button" onClick={clear}>
            {t('clear')}
          </button>
        )}
      </header>

      {notice && (
        <div className="notice notice--error" role="alert" data-testid="betslip-notice">
          <span>{errorText(notice.key, notice.params)}</span>
          <button type="button" className="link-button" aria-label={t('dismiss')} onClick={dismissNotice}>
            ×
          </button>
        </div>
      )}

      {picks === 0 ? (
        <p className="muted" data-testid="betslip-empty">
          {t('empty')}
        </p>
      ) : (
        <>
          <ul className="betslip__picks">
            {slip.selections.map((selection) => {
              const detail = details[selection.id];
              return (
                <li key={selection.id} className="betslip__pick" data-testid="betslip-pick">
                  <div className="betslip__pick-main">
                    <strong title={detail ? `${detail.home} - ${detail.away}` : selection.matchId}>
                      {detail ? `${shortTeamName(detail.home)} - ${shortTeamName(detail.away)}` : selection.matchId}
                    </strong>
                    <span className="muted">
                      {detail ? `${detail.marketName}: ${detail.outcomeName}` : selection.outcomeId}
                      {selection.isLive ? ` · ${t('live')}` : ''}
                    </span>
                  </div>
                  <span className="odds-value">{display.odds(selection.odds)}</span>
                  {systemPossible && picks >= 3 && (
                    <button
                      type="button"
                      className={selection.banker ? 'banker banker--on' : 'banker'}
                      aria-pressed={selection.banker}
                      title={t('banker')}
                      onClick={() => toggleBanker(selection.id)}
                    >
                      {t('bankerShort')}
                    </button>
                  )}
                  <button type="button" className="link-button" aria-label={t('remove')} onClick={() => remove(selection.id)}>
                    ×
                  </button>
                </li>
              );
            })}
          </ul>

          <p className="betslip__type" data-testid="coupon-type">
            {t('couponType')}: <strong>{t(TYPE_KEYS[summary.cType])}</strong>
            {summary.cType === 'SK' && (
              <span>
                {' '}
                ({t('systemLabel', { sizes: summary.cSystem.c.join(', '), picks, bankers })})
              </span>
            )}
          </p>

          {sizes.length > 0 && (
            <fieldset className="betslip__system" data-testid="system-picker">
              <legend>{t('system')}</legend>
              {sizes.map((size) => (
                <label key={size} className="chip">
                  <input type="checkbox" checked={slip.systemSizes.includes(size)} onChange={() => toggleSize(size)} />
                  {t('systemSize', { size, picks, tickets: binomial(picks - bankers, size - bankers) })}
                </label>
              ))}
            </fieldset>
          )}

          <div className="betslip__stake">
            <label>
              {t('stake')}
              <input
                inputMode="decimal"
                value={stakeText}
                data-testid="stake-input"
                onChange={(e) => typeStake(e.target.value)}
                aria-invalid={stakeUnreadable || (summary.problem !== null && ['minStake', 'maxStake', 'stakeNotDivisible'].includes(summary.problem.code))}
                onBlur={commitStake}
                onKeyDown={(e) => e.key === 'Enter' && commitStake()}
              />
            </label>
            <div className="betslip__quick">
              {quickStakes.map((amount) => (
                <button key={amount} type="button" className="chip" onClick={() => setStake(amount)}>
                  {display.money(amount)}
                </button>
              ))}
            </div>
            {!isDomainError(bounds) && (
              <p className="muted small">
                {t('stakeRange', { min: money(bounds.min), max: bounds.max > 0 ? money(bounds.max) : t('noLimit') })}
              </p>
            )}
          </div>

          <dl className="betslip__summary" data-testid="betslip-summary">
            <dt>{t('tickets')}</dt>
            <dd data-testid="summary-tickets">{summary.cCount}</dd>
            <dt>{t('stakePerTicket')}</dt>
            <dd>{money(summary.bAmount)}</dd>
            <dt>{t('totalStake')}</dt>
            <dd data-testid="summary-total-stake">{money(summary.tAmount)}</dd>
            <dt>{t('totalOdds')}</dt>
            <dd data-testid="summary-odds">{display.odds(summary.tRate)}</dd>
            {summary.bPercent > 0 && (
              <>
                <dt>{t('bonus', { percent: summary.bPercent })}</dt>
                <dd data-testid="summary-bonus">{money(summary.bPrice)}</dd>
              </>
            )}
            <dt>{t('potentialPayout')}</dt>
            <dd data-testid="summary-payout">{money(summary.maxPay)}</dd>
            <dt>{t('maxPayout')}</dt>
            <dd data-testid="summary-max-payout">{summary.maxPayU > 0 ? money(summary.maxPayU) : t('noLimit')}</dd>
          </dl>

          <label className="betslip__accept">
            <input type="checkbox" checked={slip.oddChangeOk} onChange={(e) => setOddChangeOk(e.target.checked)} />
            {t('acceptOddsChanges')}
          </label>

          {stakeUnreadable ? (
            <p className="notice notice--warning" data-testid="betslip-problem">
              {t('stakeUnreadable')}
            </p>
          ) : (
            summary.problem && (
              <p className="notice notice--warning" data-testid="betslip-problem">
                {errorText(summary.problem.code, summary.problem.params.map(String))}
              </p>
            )
          )}

          <button type="button" className="button button--primary button--block" disabled={!summary.creatable || stakeUnreadable || placing} onClick={onPlace} data-testid="place-coupon">
            {placing ? t('placing') : t('place')}
          </button>
        </>
      )}
    </section>
  );
}
