import type { BonusRequestView } from '@kupon/api/contract';
import { CancelBonusBody, ConfirmBonusBody } from '@contract/content';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney, parseAmount } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { type BonusRequestSearch, useBonusRequests, useDecideBonusRequest } from '../api/content';

const PAGE = 20;
const STATUSES = ['', 'waiting', 'confirmed', 'canceled'] as const;
const column = createColumnHelper<typeof tableCore, BonusRequestView>();

/** Players' bonus requests: confirm (the wallet is credited once, for the offer's amount or one named here) or cancel with a reason. */
export function BonusRequestsTab({ editable }: { editable: boolean }) {
  const { t } = useTranslation('content');
  const failure = useFailureText();
  const [search, setSearch] = useState<BonusRequestSearch>({ status: 'waiting', offset: 0, limit: PAGE });
  const [deciding, setDeciding] = useState<{ request: BonusRequestView; confirm: boolean } | null>(null);
  const list = useBonusRequests(search);
  const rows = list.data?.requests ?? [];

  const columns = useMemo<Columns<BonusRequestView>>(
    () => [
      column.accessor('requestedAt', { header: () => t('requestedAt'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('userName', { header: () => t('player'), cell: ({ row }) => <Link to={`/users/${row.original.userId}`}>{row.original.userName}</Link> }),
      column.accessor('bonusId', { header: () => t('bonus'), cell: (cell) => <span className="mono">{cell.getValue()}</span> }),
      column.accessor('status', { header: () => t('status'), cell: (cell) => <span className={`status status--${cell.getValue()}`}>{t(`requestStatuses.${cell.getValue()}` as never)}</span> }),
      column.accessor('amount', { header: () => t('amount'), cell: (cell) => (cell.getValue() !== null ? formatMoney(cell.getValue()!) : '') }),
      column.accessor('reason', { header: () => t('reason'), cell: (cell) => cell.getValue() ?? '' }),
      column.display({
        id: 'actions',
        header: () => '',
        cell: ({ row }) =>
          editable && row.original.status === 'waiting' ? (
            <span className="actions">
              <button type="button" className="button button--primary" data-testid="confirm-bonus" onClick={() => setDeciding({ request: row.original, confirm: true })}>
                {t('confirm')}
              </button>
              <button type="button" className="button" data-testid="cancel-bonus" onClick={() => setDeciding({ request: row.original, confirm: false })}>
                {t('cancel')}
              </button>
            </span>
          ) : null,
      }),
    ],
    [t, editable],
  );

  return (
    <div data-testid="content-bonus-requests">
      <div className="filters">
        <select aria-label={t('status')} value={search.status} onChange={(event) => setSearch({ ...search, status: event.target.value as BonusRequestSearch['status'], offset: 0 })} data-testid="bonus-request-status">
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? t(`requestStatuses.${s}` as never) : t('allStatuses')}
            </option>
          ))}
        </select>
      </div>
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      <DataTable columns={columns} data={rows} rowId={(row) => `${row.claimId}-${row.requestNo}`} testId="bonus-request-list" rowTestId="bonus-request-row" loading={list.isFetching} />
      <Pager offset={search.offset} limit={PAGE} total={list.data?.total} pageSize={rows.length} onOffset={(offset) => setSearch({ ...search, offset })} />
      {deciding ? <DecisionDialog request={deciding.request} confirm={deciding.confirm} onClose={() => setDeciding(null)} /> : null}
    </div>
  );
}

function DecisionDialog({ request, confirm, onClose }: { request: BonusRequestView; confirm: boolean; onClose: () => void }) {
  const { t } = useTranslation('content');
  const failure = useFailureText();
  const decide = useDecideBonusRequest();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (confirm) {
      const typed = String(form.get('amount') ?? '').trim();
      const checked = validate(ConfirmBonusBody, { amount: typed === '' ? null : (parseAmount(typed) ?? typed) });
      setErrors(checked.ok ? {} : checked.errors);
      if (checked.ok) decide.mutate({ claimId: request.claimId, confirm: true, amount: checked.data.amount ?? null }, { onSuccess: onClose });
      return;
    }
    const checked = validate(CancelBonusBody, { reason: String(form.get('reason') ?? '') });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) decide.mutate({ claimId: request.claimId, confirm: false, reason: checked.data.reason }, { onSuccess: onClose });
  };
  return (
    <Modal title={t(confirm ? 'confirmTitle' : 'cancelTitle')} onClose={onClose} testId="bonus-decision">
      <form className="form" onSubmit={submit} noValidate>
        <p>
          {request.userName} · <span className="mono">{request.bonusId}</span>
        </p>
        {confirm ? (
          <label>
            {t('confirmAmount')}
            <input name="amount" inputMode="decimal" placeholder={t('offerAmount')} data-testid="field-amount" />
            <FieldError errors={errors} name="amount" />
          </label>
        ) : (
          <label>
            {t('reason')}
            <textarea name="reason" rows={3} maxLength={500} data-testid="field-reason" />
            <FieldError errors={errors} name="reason" />
          </label>
        )}
        {decide.isError ? <Notice kind="error">{failure(decide.error)}</Notice> : null}
        <button type="submit" className={confirm ? 'button button--primary' : 'button button--danger'} data-testid="decide-bonus" disabled={decide.isPending}>
          {t(confirm ? 'confirm' : 'cancel')}
        </button>
      </form>
    </Modal>
  );
}
