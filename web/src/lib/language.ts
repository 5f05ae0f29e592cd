/** The languages the player site ships complete translations for; tr is the default (spec §1). */
export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'tr';

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

export interface LanguageSources {
  /** First path segment of the URL, if any. */
  readonly route?: string | null;
  /** The player's stored choice (language cookie / storage, §9: 365 days). */
  readonly stored?: string | null;
  /** navigator.languages, best first. */
  readonly browser?: readonly string[];
  /** Site setting `browser_language`: 1 lets the browser language decide when nothing else does. */
  readonly browserLanguage?: boolean;
  /** Site setting `site_default_lang`. */
  readonly siteDefault?: string | null;
}

/**
 * Spec §2: the language is the first route segment; otherwise the stored preference; otherwise the
 * browser's language; otherwise the site default; otherwise tr. A route code wins over the stored
 * one (a shared link opens in its language, and becomes the stored choice).
 */
export function resolveLanguage(sources: LanguageSources): Language {
  if (isLanguage(sources.route)) return sources.route;
  if (isLanguage(sources.stored)) return sources.stored;
  if (sources.browserLanguage !== false) {
    for (const tag of sources.browser ?? []) {
      const code = tag.slice(0, 2).toLowerCase();
      if (isLanguage(code)) return code;
    }
  }
  if (isLanguage(sources.siteDefault)) return sources.siteDefault;
  return DEFAULT_LANGUAGE;
}

/**
 * The canonical URL for a path, or null when it already is. Every route carries `/{lang}` first;
 * a two-letter first segment we do not ship is replaced; any path with `loginwithuser` is forced
 * under tr (§2).
 */
export function canonicalPath(pathname: string, language: Language): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const rest = /^[a-z]{2}$/i.test(first) ? segments.slice(1) : segments;
  const wanted: Language = rest.some((s) => s.toLowerCase() === 'loginwithuser') ? 'tr' : isLanguage(first) ? first : language;
  const target = `/${[wanted, ...rest].join('/')}`;
  return target === pathname || `${target}/` === pathname ? null : target;
}

/** The same page in another language. */
export function pathInLanguage(pathname: string, language: Language): string {
  const segments = pathname.split('/').filter(Boolean);
  const rest = isLanguage(segments[0]) ? segments.slice(1) : segments;
  return `/${[language, ...rest].join('/')}`;
}
