import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../api/affiliate';

/** Previous / next over a server-paged list, with where we are in it. */
export function Pager({ offset, total, onOffset, testId }: { offset: number; total: number; onOffset: (offset: number) => void; testId: string }) {
  const { t } = useTranslation('affiliate');
  if (total <= PAGE_SIZE) return null;
  return (
    <div className="affiliate-pager" data-testid={`${testId}-pager`}>
      <button type="button" className="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE_SIZE))}>
        {t('previous')}
      </button>
      <span>{t('pageOf', { first: offset + 1, last: Math.min(offset + PAGE_SIZE, total), total })}</span>
      <button type="button" className="button" disabled={offset + PAGE_SIZE >= total} onClick={() => onOffset(offset + PAGE_SIZE)}>
        {t('next')}
      </button>
    </div>
  );
}
