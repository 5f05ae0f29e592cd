import type { MatchRow } from '@kupon/api/contract';
import { CancelBetsRequest } from '@contract/match-results';
import { type MarketCode, marketsForSport, type SportId } from '@kupon/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { newRequestId } from '@/lib/api-client';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, localInputToIso } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { useCancelBets, useRollBackSettlement } from '../api/results';

type Lang = 'tr' | 'en';

/** `<input type="datetime-local">` text (local time, to the second) of an instant. */
function localInput(at: string): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * What staff take back on a match, as the feed does (`bet_cancel`, `rollback_bet_settlement`), each
 * after a confirmation: a bet cancel voids the selections placed in a window (on some bet types or
 * all; singles are refunded, combinations go on without the leg), a settlement rollback withdraws the
 * result (what it settled reopens; payouts are taken back until a new result is entered).
 */
export function MatchIncidents({ match, onChanged }: { match: MatchRow; onChanged: (match: MatchRow) => void }) {
  const { t, i18n } = useTranslation('results');
  const failure = useFailureText();
  const cancel = useCancelBets();
  const rollBack = useRollBackSettlement();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<{ kind: 'cancel'; body: CancelBetsRequest } | { kind: 'rollback' } | null>(null);
  const lang = (i18n.language === 'en' ? 'en' : 'tr') as Lang;
  const markets = marketsForSport(match.sportId as SportId);
  const name = `${match.home[lang]} – ${match.away[lang]}`;

  const askCancel = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = form.getAll('markets').map(String) as MarketCode[];
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    const checked = validate(CancelBetsRequest, {
      requestId: newRequestId(),
      from: localInputToIso(from) ?? from,
      to: to ? (localInputToIso(to) ?? to) : null,
      markets: chosen.length ? chosen : null,
      reason: String(form.get('reason') ?? ''),
    });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) setPending({ kind: 'cancel', body: checked.data });
  };

  const confirm = () => {
    if (!pending) return;
    const done = { onSuccess: onChanged, onSettled: () => setPending(null) };
    if (pending.kind === 'cancel') cancel.mutate({ matchId: match.matchId, body: pending.body }, done);
    else rollBack.mutate({ matchId: match.matchId, body: { requestId: newRequestId() } }, done);
  };

  return (
    <div className="panel" data-testid="match-incidents">
      <form className="form" onSubmit={askCancel} noValidate data-testid="cancel-bets">
        <h2>{t('cancelBetsTitle')}</h2>
        <p className="muted small">{t('cancelBetsHint')}</p>
        <div className="form--grid">
          <label>
            {t('placedFrom')}
            <input name="from" type="datetime-local" step="1" defaultValue={localInput(match.startsAt)} />
            <FieldError errors={errors} name="from" />
          </label>
          <label>
            {t('placedTo')}
            <input name="to" type="datetime-local" step="1" />
            <FieldError errors={errors} name="to" />
          </label>
          <label>
            {t('betTypes')}
            <select name="markets" multiple size={Math.min(6, markets.length)}>
              {markets.map((market) => (
                <option key={market.code} value={market.code}>
                  {market.name[lang]}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="markets" />
          </label>
        </div>
        <label>
          {t('cancelReason')}
          <textarea name="reason" rows={2} maxLength={200} />
          <FieldError errors={errors} name="reason" />
        </label>
        {cancel.isError ? (
          <Notice kind="error" testId="cancel-error">
            {failure(cancel.error)}
          </Notice>
        ) : null}
        {cancel.isSuccess ? (
          <Notice kind="success" testId="cancel-done">
            {t('betsCancelled')}
          </Notice>
        ) : null}
        <button type="submit" className="button button--danger" data-testid="cancel-bets-submit" disabled={cancel.isPending}>
          {t('cancelBets')}
        </button>
      </form>
      {match.result ? (
        <div className="form">
          <h2>{t('rollbackTitle')}</h2>
          <p className="muted small">{t('rollbackHint')}</p>
          {rollBack.isError ? (
            <Notice kind="error" testId="rollback-error">
              {failure(rollBack.error)}
            </Notice>
          ) : null}
          <button type="button" className="button button--danger" data-testid="rollback-submit" disabled={rollBack.isPending} onClick={() => setPending({ kind: 'rollback' })}>
            {t('rollback')}
          </button>
        </div>
      ) : rollBack.isSuccess ? (
        <Notice kind="success" testId="rollback-done">
          {t('rolledBack')}
        </Notice>
      ) : null}
      {pending ? (
        <Modal title={t(pending.kind === 'cancel' ? 'cancelBetsTitle' : 'rollbackTitle')} onClose={() => setPending(null)} testId="incident-confirm">
          <div className="form">
            <p>
              {pending.kind === 'cancel'
                ? t('confirmCancel', {
                    match: name,
                    from: formatDateTime(pending.body.from, true),
                    to: pending.body.to ? formatDateTime(pending.body.to, true) : t('untilNow'),
                    markets: pending.body.markets ? pending.body.markets.map((code) => markets.find((m) => m.code === code)?.name[lang] ?? code).join(', ') : t('allBetTypes'),
                  })
                : t('confirmRollback', { match: name })}
            </p>
            <div className="actions">
              <button type="button" className="button button--danger" data-testid="incident-confirm-yes" disabled={cancel.isPending || rollBack.isPending} onClick={confirm}>
                {t('confirm')}
              </button>
              <button type="button" className="button" onClick={() => setPending(null)}>
                {t('keep')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
