import type { NotificationView } from '@kupon/api/contract';
import { SendNotificationBody } from '@contract/content';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { useNotifications, useSendNotification, useWithdrawNotification } from '../api/content';

const PAGE = 20;
const column = createColumnHelper<typeof tableCore, NotificationView>();

/** Notifications of this site: send to every player or to one (by user name), see how many read each, withdraw. */
export function NotificationsTab({ editable }: { editable: boolean }) {
  const { t } = useTranslation('content');
  const failure = useFailureText();
  const [offset, setOffset] = useState(0);
  const list = useNotifications({ offset, limit: PAGE });
  const send = useSendNotification();
  const withdraw = useWithdrawNotification();
  const [errors, setErrors] = useState<FieldErrors>({});
  const rows = list.data?.notifications ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const userName = String(form.get('userName') ?? '').trim();
    const checked = validate(SendNotificationBody, { title: String(form.get('title') ?? ''), body: String(form.get('body') ?? ''), ...(userName ? { userName } : {}) });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) send.mutate(checked.data, { onSuccess: () => element.reset() });
  };

  const columns = useMemo<Columns<NotificationView>>(
    () => [
      column.accessor('sentAt', { header: () => t('sentAt'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('title', { header: () => t('itemTitle') }),
      column.accessor('body', { header: () => t('body') }),
      column.accessor('userId', { header: () => t('audience'), cell: (cell) => (cell.getValue() ? <span className="mono">{cell.getValue()!.slice(0, 8)}</span> : t('everyone')) }),
      column.accessor('readCount', { header: () => t('readCount') }),
      column.accessor('withdrawn', {
        header: () => '',
        cell: ({ row }) =>
          row.original.withdrawn ? (
            <span className="status status--passive">{t('withdrawn')}</span>
          ) : editable ? (
            <button type="button" className="button button--danger" data-testid="withdraw-notification" disabled={withdraw.isPending} onClick={() => withdraw.mutate(row.original.notificationId)}>
              {t('withdraw')}
            </button>
          ) : null,
      }),
    ],
    [t, editable, withdraw],
  );

  return (
    <div data-testid="content-notifications">
      {editable ? (
        <form className="panel form" onSubmit={submit} noValidate data-testid="notification-form">
          <h2>{t('sendNotification')}</h2>
          <div className="form--grid">
            <label>
              {t('itemTitle')}
              <input name="title" maxLength={200} data-testid="field-title" />
              <FieldError errors={errors} name="title" />
            </label>
            <label>
              {t('toUser')}
              <input name="userName" maxLength={40} placeholder={t('everyone')} data-testid="field-userName" />
              <FieldError errors={errors} name="userName" />
            </label>
          </div>
          <label>
            {t('body')}
            <textarea name="body" rows={3} maxLength={5000} data-testid="field-body" />
            <FieldError errors={errors} name="body" />
          </label>
          {send.isError ? <Notice kind="error">{failure(send.error)}</Notice> : null}
          {send.isSuccess ? <Notice kind="success">{t('sent')}</Notice> : null}
          <button type="submit" className="button button--primary" data-testid="send-notification" disabled={send.isPending}>
            {t('send')}
          </button>
        </form>
      ) : null}
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      {withdraw.isError ? <Notice kind="error">{failure(withdraw.error)}</Notice> : null}
      <DataTable columns={columns} data={rows} rowId={(row) => row.notificationId} testId="notification-list" rowTestId="notification-row" loading={list.isFetching} />
      <Pager offset={offset} limit={PAGE} total={list.data?.total} pageSize={rows.length} onOffset={setOffset} />
    </div>
  );
}
