import { useTranslation } from 'react-i18next';
import type { SportTreeItem } from '../types';
import { FavouriteStar } from './favourite-star';

export interface TreeSelection {
  readonly sportId?: string;
  readonly categoryId?: string;
  readonly tournamentId?: string;
}

export interface SportTreeProps {
  readonly sports: readonly SportTreeItem[];
  readonly selected: TreeSelection;
  readonly onSelect: (s: TreeSelection) => void;
  /** Leagues picked to be listed together (§7 matches with multipleLeague). */
  readonly picked?: readonly string[];
  readonly onTogglePick?: (tournamentId: string) => void;
}

/**
 * Spec §4 "sport opens categories, category opens tournaments"; counts and country flags (§3). Each
 * league has a star (favourites) and, with `onTogglePick`, a box that adds it to the leagues listed together.
 */
export function SportTree({ sports, selected, onSelect, picked = [], onTogglePick }: SportTreeProps) {
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
                          <li key={tournament.id} className="sport-tree__league">
                            {onTogglePick && (
                              <input
                                type="checkbox"
                                className="sport-tree__pick"
                                checked={picked.includes(tournament.id)}
                                aria-label={t('pickLeague', { name: tournament.title })}
                                data-testid="pick-league"
                                onChange={() => onTogglePick(tournament.id)}
                              />
                            )}
                            <button
                              type="button"
                              className={selected.tournamentId === tournament.id ? 'tree-item tree-item--open' : 'tree-item'}
                              onClick={() => onSelect({ sportId: sport.id, categoryId: category.id, tournamentId: tournament.id })}
                            >
                              <span>{tournament.title}</span> <span className="count">{tournament.matchCount}</span>
                            </button>
                            <FavouriteStar kind="tournament" id={tournament.id} name={tournament.title} />
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
