import type { SiteInfo } from '@kupon/api/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isMissingRoute } from '@/lib/api-client';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/storage';
import { type SiteSettings, withDefaults } from '../types';

/** Spec §7 "Settings … refreshed every 6 hours (21,600,000 ms); cached with version and operatorId". */
export const SETTINGS_REFRESH_MS = 21_600_000;

interface CachedSettings {
  readonly domain: string;
  readonly version: string;
  readonly operatorId: string;
  readonly settings: Partial<SiteSettings>;
}

/** The api's site view (spec §3 site settings, the part it serves today) in the app's field names. */
export function fromSiteInfo(site: SiteInfo): Partial<SiteSettings> {
  const { settings } = site;
  return {
    siteId: site.siteId,
    title: site.name,
    register_disabled: settings.registerDisabled ? 1 : 0,
    login_screen: settings.loginScreen ? 1 : 0,
    site_default_lang: settings.defaultLang,
    site_default_theme: settings.defaultTheme,
    affiliateStatus: settings.affiliateStatus ? 1 : 0,
    defaultCurrency: settings.defaultCurrency,
  };
}

export const SETTINGS_PATH = '/api/v1/sites/current';

export async function fetchSettings(domain: string): Promise<SiteSettings> {
  try {
    const fetched = fromSiteInfo(await apiRequest<SiteInfo>(SETTINGS_PATH, { query: { domain } }));
    const cached = readStored<CachedSettings>(STORAGE_KEYS.settings);
    const settings = withDefaults(fetched);
    // An unchanged version keeps the cached copy (it may carry large css/js the server elides).
    if (!(cached && cached.domain === domain && cached.version && cached.version === settings.version && cached.operatorId === settings.operatorId)) {
      writeStored(STORAGE_KEYS.settings, { domain, version: settings.version, operatorId: settings.operatorId, settings: fetched } satisfies CachedSettings);
      return settings;
    }
    return withDefaults({ ...cached.settings, ...fetched });
  } catch (error) {
    // No settings route yet (or the api is down): the product defaults of spec §1/§9 apply.
    if (isMissingRoute(error)) return withDefaults(null);
    const cached = readStored<CachedSettings>(STORAGE_KEYS.settings);
    if (cached && cached.domain === domain) return withDefaults(cached.settings);
    throw error;
  }
}

function cachedSettings(domain: string): SiteSettings | undefined {
  const cached = readStored<CachedSettings>(STORAGE_KEYS.settings);
  return cached && cached.domain === domain ? withDefaults(cached.settings) : undefined;
}

export function useSiteSettings(): SiteSettings {
  const domain = globalThis.location?.hostname ?? '';
  const initial = cachedSettings(domain);
  const query = useQuery({
    queryKey: ['site-settings', domain],
    queryFn: () => fetchSettings(domain),
    staleTime: SETTINGS_REFRESH_MS,
    refetchInterval: SETTINGS_REFRESH_MS,
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
  return query.data ?? initial ?? withDefaults(null);
}
