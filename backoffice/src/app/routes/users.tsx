import type { UserListItem } from '@kupon/api/contract';
import { ROLES } from '@kupon/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useUserList } from '@/features/users/api/users';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';

const PAGE = 25;
const column = createColumnHelper<typeof tableCore, UserListItem>();

/** Users of my site (site staff) or my subtree (dealers): searched and paged by the server. */
export default function UsersPage() {
  const { t } = useTranslation(['users', 'common']);
  const failure = useFailureText();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const role = params.get('role') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const [typed, setTyped] = useState(search);
  const list = useUserList({ search, role, offset, limit: PAGE });
  const set = (next: Record<string, string>) => setParams({ search, role, offset: String(offset), ...next }, { replace: true });

  const columns = useMemo<Columns<UserListItem>>(
    () => [
      column.accessor('userName', { header: () => t('userName') }),
      column.display({ id: 'name', header: () => t('name'), cell: ({ row }) => `${row.original.firstName} ${row.original.lastName}`.trim() }),
      column.accessor('role', { header: () => t('role'), cell: (cell) => t(`common:roles.${cell.getValue()}` as never) }),
      column.accessor('status', { header: () => t('status'), cell: (cell) => <span className={`status status--${cell.getValue()}`}>{t(`statuses.${cell.getValue()}` as never)}</span> }),
      column.accessor('email', { header: () => t('email'), cell: (cell) => cell.getValue() ?? '' }),
      column.accessor('lastLoginAt', { header: () => t('lastLogin'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('lastLoginIp', { header: () => t('lastLoginIp'), cell: (cell) => cell.getValue() ?? '' }),
    ],
    [t],
  );

  return (
    <section className="card" data-testid="page-users">
      <h1>{t('title')}</h1>
      <form
        className="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          set({ search: typed.trim(), offset: '0' });
        }}
      >
        <input name="search" placeholder={t('searchPlaceholder')} value={typed} maxLength={40} onChange={(event) => setTyped(event.target.value)} />
        <select name="role" aria-label={t('role')} value={role} onChange={(event) => set({ role: event.target.value, offset: '0' })}>
          <option value="">{t('allRoles')}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`common:roles.${r}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--primary">
          {t('common:search')}
        </button>
      </form>
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      <DataTable
        columns={columns}
        data={list.data?.users ?? []}
        rowId={(user) => user.userId}
        testId="user-list"
        rowTestId="user-row"
        loading={list.isFetching}
        onRowClick={(user) => navigate(`/users/${user.userId}`)}
      />
      <Pager offset={offset} limit={PAGE} total={list.data?.total ?? 0} pageSize={list.data?.users.length ?? 0} onOffset={(next) => set({ offset: String(next) })} />
    </section>
  );
}
