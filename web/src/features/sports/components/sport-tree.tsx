import { useTranslation } from 'react-i18next';
import type { SportTreeItem } from '../types';

export interface TreeSelection {
  readonly sportId?: string;
  readonly categoryId?: string;
  readonly tournamentId?: string;
}

/** Spec §4 "sport opens categories, category opens tournaments"; counts and country flags (§3). */
export function SportTree({ sports, selected, onSelect }: { sports: readonly SportTreeItem[]; selected: TreeSelection; onSelect: (s: TreeSelection) => void }) {
  const { t } = useTranslation('sports');
  const byOrder = (a: SportTreeItem, b: SportTreeItem) => (a.listOrder ?? 0) - (b.listOrder ?? 0);
  return (
    <nav className="sport-tree" aria-label={t('tree')} data-testid="sport-tree">
      <ul>
        {[...sports].sort(byOrder).map((sport) => (
          <li key={sport.id}>
            <button type="button" className={selected.sportId === sport.id ? 'tree-item tree-item--open' : 'tree-item'} onClick={() => onSelect({ sportId: sport.id })}>
              <span>{sport.title}</span> <span className="count">{sport.matchCount}</span>
            </button>
            {selected.sportId === sport.id && (
              <ul>
                {[...(sport.children ?? [])].sort(byOrder).map((category) => (
                  <li key={category.id}>
                    <button
                      type="button"
                      className={selected.categoryId === category.id ? 'tree-item tree-item--open' : 'tree-item'}
                      onClick={() => onSelect({ sportId: sport.id, categoryId: category.id })}
                    >
                      {category.countryFlag && <img className="flag" src={category.countryFlag} alt="" />}
                      <span>{category.title}</span> <span className="count">{category.matchCount}</span>
                    </button>
                    {selected.categoryId === category.id && (
                      <ul>
                        {[...(category.children ?? [])].sort(byOrder).map((tournament) => (
                          <li key={tournament.id}>
                            <button
                              type="button"
                              className={selected.tournamentId === tournament.id ? 'tree-item tree-item--open' : 'tree-item'}
                              onClick={() => onSelect({ sportId: sport.id, categoryId: category.id, tournamentId: tournament.id })}
                            >
                              <span>{tournament.title}</span> <span className="count">{tournament.matchCount}</span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
