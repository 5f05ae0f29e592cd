import { resolveLanguage, type Language } from '@/lib/language';
import { readStored, STORAGE_KEYS } from '@/lib/storage';

/** The language the app starts in, before the settings arrive (spec §2 order). */
export function initialLanguage(): Language {
  const first = globalThis.location?.pathname.split('/').filter(Boolean)[0] ?? null;
  return resolveLanguage({
    route: first,
    stored: readStored<string>(STORAGE_KEYS.language),
    browser: globalThis.navigator?.languages ?? [],
  });
}
