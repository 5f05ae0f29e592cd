/** The back office ships tr (default, spec §1) and en, chosen by the switcher and kept in storage. */
export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'tr';

const KEY = 'kupon.backoffice.lang';

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
}
