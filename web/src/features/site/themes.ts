/** The brand themes `styles/themes.css` defines; an unknown name falls back to base (spec §1 default theme). */
export const THEMES = ['base', 'emerald', 'royal'] as const;
export type Theme = (typeof THEMES)[number];

export function themeOf(name: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(name ?? '') ? (name as Theme) : 'base';
}

/** Spec §2 "/ Home (Sports page if theme is sport-first)": the brand themes whose home is the sports page. */
const SPORT_FIRST: ReadonlySet<Theme> = new Set(['emerald']);

export function isSportFirst(name: string | null | undefined): boolean {
  return SPORT_FIRST.has(themeOf(name));
}
