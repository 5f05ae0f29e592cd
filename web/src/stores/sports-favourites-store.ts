import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Where the starred matches and leagues are kept on this device (§7 lives3 "favorites"). */
export const SPORTS_FAVOURITES_KEY = 'kupon.sports-favourites';
/** The api takes at most this many ids in one list (api routes/catalog.ts ID_LIST_MAX): older stars drop off. */
export const SPORTS_FAVOURITES_MAX = 50;

export interface SportsFavouritesState {
  /** Starred match ids, the latest first. */
  readonly matchIds: readonly string[];
  /** Starred league (tournament) ids, the latest first. */
  readonly tournamentIds: readonly string[];
  toggleMatch(matchId: string): void;
  toggleTournament(tournamentId: string): void;
}

function toggled(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [id, ...ids].slice(0, SPORTS_FAVOURITES_MAX);
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id.length > 0).slice(0, SPORTS_FAVOURITES_MAX) : []);

/** The player's starred matches and leagues on the sports and live pages: client state, persisted in localStorage. */
export const useSportsFavouritesStore = create<SportsFavouritesState>()(
  persist(
    (set, get) => ({
      matchIds: [],
      tournamentIds: [],
      toggleMatch(matchId) {
        set({ matchIds: toggled(get().matchIds, matchId) });
      },
      toggleTournament(tournamentId) {
        set({ tournamentIds: toggled(get().tournamentIds, tournamentId) });
      },
    }),
    {
      name: SPORTS_FAVOURITES_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ matchIds: state.matchIds, tournamentIds: state.tournamentIds }),
      // A value another version or a hand wrote: keep only the ids.
      merge: (stored, current) => {
        const value = stored as { matchIds?: unknown; tournamentIds?: unknown } | null;
        return { ...current, matchIds: strings(value?.matchIds), tournamentIds: strings(value?.tournamentIds) };
      },
    },
  ),
);

/** Whether a match is a favourite: starred itself or in a starred league. */
export function isFavouriteMatch(match: { readonly id: string; readonly tournamentId?: string }, favourites: Pick<SportsFavouritesState, 'matchIds' | 'tournamentIds'>): boolean {
  return favourites.matchIds.includes(match.id) || (match.tournamentId !== undefined && favourites.tournamentIds.includes(match.tournamentId));
}
