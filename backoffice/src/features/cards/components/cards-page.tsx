import type { CardView, IssuedCardView } from '@kupon/api/contract';
import { DEALER_ROLES } from '@kupon/domain';
import { IssueCardsBody } from '@contract/cards';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney, parseAmount } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { useCancelCard, useCards, useExpireCards, useIssueCards } from '../api/cards';
import { PrintableCards } from './printable-cards';

const PAGE = 50;
const STATES = ['issued', 'redeemed', 'cancelled', 'expired'] as const;
const column = createColumnHelper<typeof tableCore, CardView>();

/**
 * Prepaid cards (spec §3 Card: number, amount, team, time): a dealer issues a batch out of its credit
 * and prints the numbers and PINs once; dealers and site staff list the cards of their scope, cancel
 * an unredeemed one (its amount goes back) and return the expired ones (api/CARDS.md).
 */
export default function CardsPage() {
  const { t } = useTranslation(['cards', 'common']);
  const failure = useFailureText();
  const me = useMe().data;
  const mayIssue = (DEALER_ROLES as readonly string[]).includes(me?.role ?? '');
  const [params, setParams] = useSearchParams();
  const state = params.get('state') ?? '';
  const batch = params.get('batch') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const set = (next: Record<string, string>) => setParams({ state, batch, offset: String(offset), ...next }, { replace: true });
  const list = useCards({ state, batch, offset, limit: PAGE });
  const issue = useIssueCards();
  const cancel = useCancelCard();
  const expire = useExpireCards();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [issued, setIssued] = useState<IssuedCardView[] | null>(null);
  const [confirming, setConfirming] = useState<CardView | null>(null);

  const columns = useMemo<Columns<CardView>>(
    () => [
      column.accessor('number', { header: () => t('number'), cell: (cell) => <code>{cell.getValue()}</code> }),
      column.accessor('amount', { header: () => t('amount'), cell: (cell) => formatMoney(cell.getValue(), cell.row.original.currency) }),
      column.accessor('batch', { header: () => t('batch'), cell: (cell) => cell.getValue() ?? '' }),
      column.accessor('dealerName', { header: () => t('dealer'), cell: (cell) => cell.getValue() ?? '' }),
      column.accessor('issuedAt', { header: () => t('issuedAt'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('state', { header: () => t('state'), cell: (cell) => <span className={`status status--${cell.getValue()}`}>{t(`states.${cell.getValue() as CardView['state']}`)}</span> }),
      column.accessor('redeemedByName', { header: () => t('redeemedBy'), cell: (cell) => cell.getValue() ?? '' }),
      column.accessor('closedAt', { header: () => t('closedAt'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.display({
        id: 'actions',
        header: () => t('actions'),
        cell: ({ row }) =>
          row.original.state === 'issued' ? (
            <button type="button" className="button" data-testid="card-cancel" onClick={() => setConfirming(row.original)}>
              {t('cancel')}
            </button>
          ) : null,
      }),
    ],
    [t],
  );

  const submitIssue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const days = String(form.get('expiresInDays') ?? '').trim();
    const label = String(form.get('batch') ?? '').trim();
    const candidate = {
      requestId: 'checked-on-submit',
      count: Number(form.get('count') ?? 0),
      amount: parseAmount(String(form.get('amount') ?? '')) ?? Number.NaN,
      ...(label ? { batch: label } : {}),
      ...(days ? { expiresInDays: Number(days) } : {}),
    };
    // The route's own body schema, so a bad entry is named before any request goes.
    const checked = validate(IssueCardsBody, candidate);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const { requestId: _unused, ...body } = checked.data;
    issue.mutate(body, { onSuccess: (answer) => setIssued(answer.cards) });
  };

  return (
    <section className="card" data-testid="page-cards">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {mayIssue ? (
        <form className="filters no-print" onSubmit={submitIssue} noValidate data-testid="issue-cards">
          <label>
            {t('count')} <input name="count" type="number" min={1} max={100} defaultValue={10} />
            <FieldError errors={errors} name="count" />
          </label>
          <label>
            {t('amount')} <input name="amount" inputMode="decimal" />
            <FieldError errors={errors} name="amount" />
          </label>
          <label>
            {t('batch')} <input name="batch" maxLength={40} placeholder={t('batchPlaceholder')} />
            <FieldError errors={errors} name="batch" />
          </label>
          <label>
            {t('expiresInDays')} <input name="expiresInDays" type="number" min={1} max={3650} placeholder={t('never')} />
            <FieldError errors={errors} name="expiresInDays" />
          </label>
          <button type="submit" className="button button--primary" disabled={issue.isPending}>
            {t('issue')}
          </button>
        </form>
      ) : null}
      {issue.isError ? <Notice kind="error" testId="issue-error">{failure(issue.error)}</Notice> : null}
      {issued ? <PrintableCards cards={issued} onClose={() => setIssued(null)} /> : null}

      <form
        className="filters no-print"
        role="search"
        key={`${state}|${batch}`}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          set({ state: String(form.get('state') ?? ''), batch: String(form.get('batch') ?? '').trim(), offset: '0' });
        }}
      >
        <label>
          {t('state')}{' '}
          <select name="state" defaultValue={state}>
            <option value="">{t('allStates')}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('batch')} <input name="batch" defaultValue={batch} maxLength={40} />
        </label>
        <button type="submit" className="button">
          {t('common:search')}
        </button>
        <button type="button" className="button" data-testid="cards-expire" disabled={expire.isPending} onClick={() => expire.mutate()}>
          {t('returnExpired')}
        </button>
      </form>
      {expire.data ? <Notice kind="success" testId="expire-result">{t('expiredReturned', { count: expire.data.expired, amount: formatMoney(expire.data.returned) })}</Notice> : null}
      {expire.isError ? <Notice kind="error">{failure(expire.error)}</Notice> : null}
      {cancel.isError ? <Notice kind="error" testId="cancel-error">{failure(cancel.error)}</Notice> : null}
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-label={t('cancelConfirm', { number: confirming.number })} data-testid="cancel-confirm">
          <p>{t('cancelConfirm', { number: confirming.number, amount: formatMoney(confirming.amount, confirming.currency) })}</p>
          <button
            type="button"
            className="button button--primary"
            data-testid="cancel-yes"
            onClick={() => {
              cancel.mutate(confirming.cardId);
              setConfirming(null);
            }}
          >
            {t('cancelYes')}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(null)}>
            {t('cancelNo')}
          </button>
        </div>
      ) : null}
      <DataTable columns={columns} data={list.data?.cards ?? []} rowId={(card) => card.cardId} testId="cards-list" rowTestId="card-row" loading={list.isFetching} />
      <Pager offset={offset} limit={PAGE} total={list.data?.total ?? 0} pageSize={list.data?.cards.length ?? 0} onOffset={(next) => set({ offset: String(next) })} />
    </section>
  );
}
