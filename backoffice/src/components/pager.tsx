import { useTranslation } from 'react-i18next';

interface PagerProps {
  readonly offset: number;
  readonly limit: number;
  /** Rows the server counts in all, when it says; otherwise "next" stays on while a page comes back full. */
  readonly total?: number;
  readonly pageSize: number;
  readonly onOffset: (offset: number) => void;
}

/** Previous / next over a server-paged list. */
export function Pager({ offset, limit, total, pageSize, onOffset }: PagerProps) {
  const { t } = useTranslation('common');
  const hasNext = total !== undefined ? offset + limit < total : pageSize === limit;
  return (
    <nav className="pager" aria-label={t('paging')}>
      <button type="button" className="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
        {t('previous')}
      </button>
      <span className="muted" data-testid="pager-range">
        {total !== undefined
          ? t('rangeOf', { from: total === 0 ? 0 : offset + 1, to: Math.min(offset + limit, total), total })
          : t('range', { from: pageSize === 0 ? 0 : offset + 1, to: offset + pageSize })}
      </span>
      <button type="button" className="button" disabled={!hasNext} onClick={() => onOffset(offset + limit)}>
        {t('next')}
      </button>
    </nav>
  );
}
