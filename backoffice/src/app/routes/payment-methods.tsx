import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { type MethodSetting, useMethodSettings } from '@/features/payment-methods/api/payment-methods';
import { AddMethodForm, MethodFieldsForm } from '@/features/payment-methods/components/method-fields';
import { MethodForm } from '@/features/payment-methods/components/method-form';
import { useFailureText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';

const column = createColumnHelper<typeof tableCore, MethodSetting>();

/** Where a method stands in this site's list: its own order, else the catalog's place. */
const placeOf = (method: MethodSetting, index: number) => method.setting?.order ?? index;

/**
 * Payment methods of this site (spec §3 payment method): every method of the product, deposit and
 * withdrawal, with whether the site offers it, in which order, between which amounts and under which
 * names; a method never set is offered as the catalog has it.
 */
export default function PaymentMethodsPage() {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const failure = useFailureText();
  const methods = useMethodSettings(i18n.language === 'en' ? 'en' : 'tr');
  const [editing, setEditing] = useState<{ method: MethodSetting; position: number } | null>(null);
  const [editingFields, setEditingFields] = useState<MethodSetting | null>(null);
  const [adding, setAdding] = useState(false);

  const rows = useMemo(() => {
    const list = methods.data ?? [];
    const byDirection = (direction: MethodSetting['direction']) =>
      list
        .filter((method) => method.direction === direction)
        .map((method, index) => ({ method, position: placeOf(method, index) }))
        .sort((a, b) => a.position - b.position);
    return [...byDirection('deposit'), ...byDirection('withdraw')];
  }, [methods.data]);
  const positions = useMemo(() => new Map(rows.map((row) => [`${row.method.direction}-${row.method.payCatId}`, row.position])), [rows]);

  const columns = useMemo<Columns<MethodSetting>>(
    () => [
      column.display({ id: 'direction', header: () => t('direction'), cell: ({ row }) => t(`directions.${row.original.direction}`) }),
      column.display({
        id: 'name',
        header: () => t('name'),
        cell: ({ row }) => {
          const own = row.original.setting?.names[i18n.language];
          const name = own ? `${own} (${row.original.catName})` : row.original.catName;
          return row.original.added ? `${name} · ${t('ownMethod')}` : name;
        },
      }),
      column.display({
        id: 'offered',
        header: () => t('offered'),
        cell: ({ row }) => {
          const on = row.original.setting?.enabled ?? true;
          return (
            <span className={`status status--${on ? 'active' : 'passive'}`} data-testid="method-offered" data-on={on ? '1' : '0'}>
              {t(on ? 'on' : 'off')}
            </span>
          );
        },
      }),
      column.display({ id: 'order', header: () => t('order'), cell: ({ row }) => positions.get(`${row.original.direction}-${row.original.payCatId}`) }),
      column.display({
        id: 'amounts',
        header: () => t('amounts'),
        cell: ({ row }) => {
          const { setting, catalogMinAmount, catalogMaxAmount } = row.original;
          return `${formatMoney(setting?.minAmount ?? catalogMinAmount)} – ${formatMoney(setting?.maxAmount ?? catalogMaxAmount)}`;
        },
      }),
      column.display({
        id: 'edit',
        header: () => '',
        cell: ({ row }) => (
          <button type="button" className="button" data-testid="edit-method" onClick={() => setEditing({ method: row.original, position: positions.get(`${row.original.direction}-${row.original.payCatId}`) ?? 0 })}>
            {t('edit')}
          </button>
        ),
      }),
      column.display({
        id: 'fields',
        header: () => t('fields'),
        cell: ({ row }) =>
          row.original.provider === '' ? null : (
            <button type="button" className="button" data-testid="edit-method-fields" onClick={() => setEditingFields(row.original)}>
              {t('fields')} ({row.original.fields.length})
            </button>
          ),
      }),
    ],
    [t, i18n.language, positions],
  );

  return (
    <section className="card" data-testid="page-payment-methods">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <div className="actions">
        <button type="button" className="button button--primary" data-testid="add-method" onClick={() => setAdding(true)}>
          {t('add')}
        </button>
      </div>
      {methods.isError ? <Notice kind="error">{failure(methods.error)}</Notice> : null}
      <DataTable
        columns={columns}
        data={rows.map((row) => row.method)}
        rowId={(method) => `${method.direction}-${method.payCatId}`}
        testId="method-list"
        rowTestId="method-row"
        loading={methods.isFetching}
      />
      {adding ? <AddMethodForm lang={i18n.language === 'en' ? 'en' : 'tr'} onClose={() => setAdding(false)} /> : null}
      {editingFields ? <MethodFieldsForm key={`${editingFields.direction}-${editingFields.payCatId}`} method={editingFields} onClose={() => setEditingFields(null)} /> : null}
      {editing ? <MethodForm key={`${editing.method.direction}-${editing.method.payCatId}`} method={editing.method} position={editing.position} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
