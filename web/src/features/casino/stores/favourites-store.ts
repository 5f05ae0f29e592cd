import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Where the favourite games are kept on this device (spec §4 "favourites toggle and persist locally"). */
export const CASINO_FAVOURITES_KEY = 'kupon.casino-favourites';

export interface FavouritesState {
  /** serviceIds of the favourite games, the latest first. */
  readonly serviceIds: readonly number[];
  toggle(serviceId: number): void;
}

/** The player's favourite casino games: client state, persisted in localStorage. */
export const useFavouritesStore = create<FavouritesState>()(
  persist(
    (set, get) => ({
      serviceIds: [],
      toggle(serviceId) {
        const ids = get().serviceIds;
        set({ serviceIds: ids.includes(serviceId) ? ids.filter((id) => id !== serviceId) : [serviceId, ...ids] });
      },
    }),
    {
      name: CASINO_FAVOURITES_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ serviceIds: state.serviceIds }),
      // A value another version or a hand wrote: keep only the numbers.
      merge: (stored, current) => {
        const ids = (stored as { serviceIds?: unknown } | null)?.serviceIds;
        return { ...current, serviceIds: Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [] };
      },
    },
  ),
);
