import { useTranslation } from 'react-i18next';
import { useUiStore } from '@/stores/ui-store';
import { SEARCH_MIN_LENGTH } from '../api/catalog';
import { Icon } from '@/components/icon';

/** Match search; it starts past 2 characters (§5) and any click elsewhere closes it (§2). */
export function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('sports');
  const open = useUiStore((s) => s.searchOpen);
  const setOpen = useUiStore((s) => s.setSearchOpen);
  return (
    <div className="search" onClick={(e) => e.nativeEvent.stopImmediatePropagation()}>
      {open ? (
        <input
          autoFocus
          type="search"
          value={value}
          placeholder={t('searchPlaceholder', { min: SEARCH_MIN_LENGTH })}
          data-testid="match-search"
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          <Icon name="search" /> {t('search')}
        </button>
      )}
    </div>
  );
}
