import type { SiteInfo, SiteUnchanged } from '@kupon/api/contract';
import { siteBonusRule } from '@kupon/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isMissingRoute } from '@/lib/api-client';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/storage';
import { type SiteSettings, withDefaults } from '../types';

/** Spec §7 "Settings … refreshed every 6 hours (21,600,000 ms); cached with version and operatorId". */
export const SETTINGS_REFRESH_MS = 21_600_000;

/** What localStorage keeps between visits: the settings of one host, with the version and operator they are of. */
export interface CachedSettings {
  readonly domain: string;
  readonly version: number;
  readonly operatorId: string;
  readonly settings: Partial<SiteSettings>;
}

/** The api's site view (spec §3 site settings) in the app's field names. */
export function fromSiteInfo(site: SiteInfo): Partial<SiteSettings> {
  const { settings } = site;
  return {
    siteId: site.siteId,
    version: site.version,
    operatorId: site.operatorId,
    title: settings.title || site.name,
    logo: settings.logo,
    favicon: settings.favicon,
    css: settings.customCss,
    customJs: settings.customJs,
    social: settings.social,
    whatsappNumber: settings.whatsappNumber,
    whatsappTitle: settings.whatsappTitle,
    telegramName: settings.telegramName,
    footerText: settings.footerText,
    licenceLink: settings.licenceLink,
    licenceName: settings.licenceName,
    coupon_amount_group: settings.couponAmountGroup,
    register_disabled: settings.registerDisabled ? 1 : 0,
    registerMobileRequired: flag(settings.registerMobileRequired),
    registerTcRequired: flag(settings.registerTcRequired),
    login_screen: settings.loginScreen ? 1 : 0,
    site_default_lang: settings.defaultLang,
    site_default_theme: settings.defaultTheme,
    affiliateStatus: settings.affiliateStatus ? 1 : 0,
    defaultCurrency: settings.defaultCurrency,
    tv_link: settings.tvLink,
    liveChatDesktop: settings.liveChatDesktop,
    liveChatMobile: settings.liveChatMobile,
    moneyByLiveChat: settings.moneyByLiveChat ? 1 : 0,
    // The rest of §3; an older server (or stored copy) without them leaves the app's defaults.
    keywords: settings.keywords,
    description: settings.description,
    siteVerification: settings.siteVerification,
    background: settings.background,
    paymentLogos: settings.paymentLogos,
    analyticsId: settings.analyticsId,
    analyticsScript: settings.analyticsScript,
    top_winners: flag(settings.topWinners),
    redirectRegister: settings.redirectRegister,
    defaultPhone: settings.defaultPhone,
    defaultCountry: settings.defaultCountry,
    themeChange: flag(settings.themeChange),
    payway: settings.payway,
    rivHeaderSee: flag(settings.rivHeaderSee),
    currencyMode: settings.currencyMode,
    browser_language: flag(settings.browserLanguage),
    statistic_url: settings.statisticUrl,
    live_show_tracker: flag(settings.liveShowTracker),
    auto_print: flag(settings.autoPrint),
    tofixedNumber: settings.toFixedNumber,
    virtualgames_ids: settings.virtualGamesIds,
    tvgames_ids: settings.tvGamesIds,
    topcasino_ids: settings.topCasinoIds,
    newcasino_ids: settings.newCasinoIds,
    topslot_ids: settings.topSlotIds,
    newslot_ids: settings.newSlotIds,
    tv_logos: settings.tvLogos,
    specialBanners: settings.specialBanner1 || settings.specialBanner2 ? [settings.specialBanner1, settings.specialBanner2].filter((banner) => banner?.file) : undefined,
    // The domain's reading of the setting (percent 0: none), the same the server prices with.
    bonusCoupon: settings.bonusCoupon ? siteBonusRule(settings) : undefined,
    maxPayoutTiers: settings.maxPayoutTiers,
    maintenance: settings.maintenance,
  };
}

/** A §3 switch in the app's 0/1; undefined (an older server) stays undefined so the default holds. */
function flag(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}

export const SETTINGS_PATH = '/api/v1/sites/current';

function cachedFor(domain: string): CachedSettings | null {
  const cached = readStored<CachedSettings>(STORAGE_KEYS.settings);
  return cached && cached.domain === domain && typeof cached.version === 'number' ? cached : null;
}

/**
 * Asks for the site's settings, saying which version this browser holds: when the server answers
 * that it is still current (same version, same operator), the stored copy is used as it is, so
 * the custom CSS/JS travel only when they changed. A new version replaces the stored copy.
 */
export async function fetchSettings(domain: string): Promise<SiteSettings> {
  const cached = cachedFor(domain);
  try {
    const answer = await apiRequest<SiteInfo | SiteUnchanged>(SETTINGS_PATH, { query: { domain, version: cached?.version } });
    if ('unchanged' in answer) {
      if (cached && cached.operatorId === answer.operatorId) return withDefaults(cached.settings);
      // The stored copy is another operator's: ask for the whole answer.
      const full = await apiRequest<SiteInfo>(SETTINGS_PATH, { query: { domain } });
      return remember(domain, full);
    }
    return remember(domain, answer);
  } catch (error) {
    // No settings route (or the api is down): the stored copy, else the product defaults of spec §1/§9.
    if (cached) return withDefaults(cached.settings);
    if (isMissingRoute(error)) return withDefaults(null);
    throw error;
  }
}

function remember(domain: string, site: SiteInfo): SiteSettings {
  const settings = fromSiteInfo(site);
  writeStored(STORAGE_KEYS.settings, { domain, version: site.version, operatorId: site.operatorId, settings } satisfies CachedSettings);
  return withDefaults(settings);
}

/** The settings, and whether they are known (the server answered, or a stored copy stands in meanwhile). */
export function useSiteSettingsState(): { settings: SiteSettings; ready: boolean } {
  const domain = globalThis.location?.hostname ?? '';
  const query = useQuery({
    queryKey: ['site-settings', domain],
    queryFn: () => fetchSettings(domain),
    staleTime: SETTINGS_REFRESH_MS,
    refetchInterval: SETTINGS_REFRESH_MS,
    // The stored copy shows at once; it counts as old, so the first render also asks the server.
    // Read lazily: every odds button asks for the settings, the stored copy is parsed once.
    initialData: () => {
      const initial = cachedFor(domain);
      return initial ? withDefaults(initial.settings) : undefined;
    },
    initialDataUpdatedAt: 0,
  });
  return { settings: query.data ?? withDefaults(null), ready: query.data !== undefined || query.isError };
}

export function useSiteSettings(): SiteSettings {
  return useSiteSettingsState().settings;
}
