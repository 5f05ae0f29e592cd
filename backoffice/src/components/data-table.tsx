import { type ColumnDef, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';

/** Core features only: every list is paged, sorted and filtered by the server (issue 8 "every list pages on the server"). */
export const tableCore = tableFeatures({});
export type Columns<T extends RowData> = ColumnDef<typeof tableCore, T, any>[];

interface DataTableProps<T extends RowData> {
  readonly columns: Columns<T>;
  readonly data: readonly T[];
  readonly rowId: (row: T) => string;
  readonly testId?: string;
  readonly rowTestId?: string;
  readonly onRowClick?: (row: T) => void;
  readonly loading?: boolean;
}

/** A TanStack Table over one server page; the markup and styles are ours. */
export function DataTable<T extends RowData>({ columns, data, rowId, testId, rowTestId, onRowClick, loading }: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const table = useTable({ features: tableCore, columns, data: data as T[], getRowId: (row) => rowId(row) });
  return (
    <div className="table-wrap">
      <table className="table" data-testid={testId} aria-busy={loading ? 'true' : undefined}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id}>{header.isPlaceholder ? null : <table.FlexRender header={header} />}</th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid={rowTestId} className={onRowClick ? 'clickable' : undefined} onClick={onRowClick ? () => onRowClick(row.original) : undefined}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
          {!loading && data.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty-state">
                {t('noRows')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
