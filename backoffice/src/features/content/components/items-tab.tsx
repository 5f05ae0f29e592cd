import type { ContentSettingsKind } from '@kupon/api/contract';
import { ITEM_ID } from '@contract/content';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Columns, DataTable } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { useContentItems, useRemoveContentItem, useSaveContentItem } from '../api/content';

const PAGE = 20;

/** What one content kind's tab needs: its list columns, its form fields and how a submitted form reads. */
export interface KindEditor<T extends { id: string }> {
  readonly kind: ContentSettingsKind;
  /** The api's own body schema of the kind: the form refuses what the server would. */
  readonly schema: z.ZodType;
  readonly columns: Columns<T>;
  readonly fields: (item: T | null, errors: FieldErrors, disabled: boolean) => ReactNode;
  readonly read: (form: FormData, item: T | null) => unknown;
  /** Ids a new item may take (e-mail templates: the mails the product sends); otherwise typed. */
  readonly ids?: readonly string[];
  /** The id field's label key in `content` (a language's id is its code). */
  readonly idLabel?: 'id' | 'code' | 'mailKey';
}

/** A server-paged list of one content kind with add, edit (or view, read only) and remove. */
export function ItemsTab<T extends { id: string }>({ editor, editable }: { editor: KindEditor<T>; editable: boolean }) {
  const { t } = useTranslation(['content', 'common']);
  const failure = useFailureText();
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const list = useContentItems<T>(editor.kind, { offset, limit: PAGE });
  const remove = useRemoveContentItem(editor.kind);
  const rows = list.data?.items ?? [];

  const columns = useMemo<Columns<T>>(
    () => [
      ...editor.columns,
      {
        id: 'actions',
        header: () => '',
        cell: ({ row }: { row: { original: T } }) => (
          <span className="actions">
            <button type="button" className="button" data-testid="edit-item" onClick={() => setEditing({ item: row.original })}>
              {t(editable ? 'edit' : 'view')}
            </button>
            {editable ? (
              <button type="button" className="button button--danger" data-testid="remove-item" disabled={remove.isPending} onClick={() => window.confirm(t('removeConfirm')) && remove.mutate(row.original.id)}>
                {t('remove')}
              </button>
            ) : null}
          </span>
        ),
      } as Columns<T>[number],
    ],
    [editor.columns, editable, remove, t],
  );

  return (
    <div data-testid={`content-${editor.kind}`}>
      {editable ? (
        <div className="actions">
          <button type="button" className="button button--primary" data-testid="add-item" onClick={() => setEditing({ item: null })}>
            {t('add')}
          </button>
        </div>
      ) : null}
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      {remove.isError ? <Notice kind="error">{failure(remove.error)}</Notice> : null}
      <DataTable columns={columns} data={rows} rowId={(row) => row.id} testId="content-list" rowTestId="content-row" loading={list.isFetching} />
      <Pager offset={offset} limit={PAGE} total={list.data?.total} pageSize={rows.length} onOffset={setOffset} />
      {editing ? <ItemEditor editor={editor} item={editing.item} editable={editable} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function ItemEditor<T extends { id: string }>({ editor, item, editable, onClose }: { editor: KindEditor<T>; item: T | null; editable: boolean; onClose: () => void }) {
  const { t } = useTranslation('content');
  const failure = useFailureText();
  const save = useSaveContentItem<T>(editor.kind);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const id = item?.id ?? String(form.get('id') ?? '').trim();
    const body = validate(editor.schema, editor.read(form, item));
    const idError: FieldErrors = ITEM_ID.test(id) ? {} : { id: { key: id ? 'invalidField' : 'isRequiredArea', params: [editor.idLabel === 'code' ? 'code' : 'id'] } };
    setErrors({ ...idError, ...(body.ok ? {} : body.errors) });
    if (body.ok && Object.keys(idError).length === 0) save.mutate({ id, body: body.data }, { onSuccess: onClose });
  };
  const idLabel = t(editor.idLabel ?? 'id');
  return (
    <Modal title={t(item ? (editable ? 'editTitle' : 'viewTitle') : 'addTitle')} onClose={onClose} testId="content-editor">
      <form className="form" onSubmit={submit} noValidate>
        {item ? (
          <p className="muted">
            {idLabel}: <span className="mono">{item.id}</span>
          </p>
        ) : editor.ids ? (
          <label>
            {idLabel}
            <select name="id" data-testid="field-id">
              {editor.ids.map((id) => (
                <option key={id} value={id}>
                  {t(`mailKeys.${id}` as never, { defaultValue: id })}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label>
            {idLabel}
            <input name="id" data-testid="field-id" maxLength={64} />
            <span className="muted small">{t('idHint')}</span>
            <FieldError errors={errors} name="id" />
          </label>
        )}
        {editor.fields(item, errors, !editable)}
        {save.isError ? <Notice kind="error">{failure(save.error)}</Notice> : null}
        {editable ? (
          <button type="submit" className="button button--primary" data-testid="save-item" disabled={save.isPending}>
            {t('save')}
          </button>
        ) : null}
      </form>
    </Modal>
  );
}
