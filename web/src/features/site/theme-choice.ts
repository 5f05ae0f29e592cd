import { create } from 'zustand';
import { readStored, writeStored } from '@/lib/storage';
import { useSiteSettings } from './api/get-settings';
import { type Theme, THEMES, themeOf } from './themes';

/** Where the player's own theme (§3 themeChange) is remembered. */
export const THEME_STORAGE_KEY = 'kupon.theme';

function storedTheme(): Theme | null {
  const name = readStored<string>(THEME_STORAGE_KEY);
  return (THEMES as readonly string[]).includes(name ?? '') ? (name as Theme) : null;
}

interface ThemeChoice {
  /** The theme the player picked in the header, null for the site's default. */
  readonly chosen: Theme | null;
  choose(theme: Theme): void;
}

export const useThemeChoice = create<ThemeChoice>()((set) => ({
  chosen: storedTheme(),
  choose: (theme) => {
    writeStored(THEME_STORAGE_KEY, theme);
    set({ chosen: theme });
  },
}));

/** The theme shown: the player's pick where the site lets players switch (§3 themeChange), else the site's default theme. */
export function shownTheme(settings: { readonly themeChange: number; readonly site_default_theme: string }, chosen: Theme | null): Theme {
  return settings.themeChange === 1 && chosen ? chosen : themeOf(settings.site_default_theme);
}

export function useShownTheme(): Theme {
  const settings = useSiteSettings();
  const chosen = useThemeChoice((s) => s.chosen);
  return shownTheme(settings, chosen);
}
