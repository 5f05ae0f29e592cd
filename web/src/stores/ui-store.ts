import { create } from 'zustand';

/** Spec §2 popups the shell opens from anywhere. Only client state lives here. */
export type Popup =
  | { readonly kind: 'login' }
  | { readonly kind: 'couponDetail'; readonly couponId: string }
  | { readonly kind: 'money'; readonly type: 1 | 2 }
  | { readonly kind: 'bonus' };

export interface UiState {
  readonly popup: Popup | null;
  readonly menuOpen: boolean;
  readonly searchOpen: boolean;
  openPopup(popup: Popup): void;
  closePopup(): void;
  setMenuOpen(open: boolean): void;
  setSearchOpen(open: boolean): void;
}

export const useUiStore = create<UiState>()((set) => ({
  popup: null,
  menuOpen: false,
  searchOpen: false,
  openPopup: (popup) => set({ popup }),
  closePopup: () => set({ popup: null }),
  setMenuOpen: (menuOpen) => set({ menuOpen }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
}));
