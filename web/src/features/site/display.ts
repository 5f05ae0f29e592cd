import { useMemo } from 'react';
import { displayOdds, formatMoney } from '@/lib/format';
import { useSiteSettings } from './api/get-settings';
import type { SiteSettings } from './types';

/** §3 tofixedNumber: the decimals shown, 0–3 (anything else reads as the product's 2). */
export function decimalsOf(settings: Pick<SiteSettings, 'tofixedNumber'>): number {
  const n = settings.tofixedNumber;
  return Number.isInteger(n) && n >= 0 && n <= 3 ? n : 2;
}

/** Money (minor units) with the site's decimals; currencyMode 1 hides the sign (§3); a whole amount without decimals (§9). */
export function formatAmountFixed(amount: number, decimals: number, currency?: string, currencyMode = 0): string {
  return formatMoney(amount, currency, currencyMode, decimals);
}

/** Odds (thousandths) with the site's decimals, a dot as §9 shows odds. */
export function formatOddsFixed(odds: number, decimals: number): string {
  return displayOdds(odds, decimals);
}

export interface SiteDisplay {
  readonly decimals: number;
  readonly currencyMode: number;
  /** An amount (minor units) as this site shows it; `currency` omitted shows the number only. */
  readonly money: (amount: number, currency?: string) => string;
  readonly odds: (odds: number) => string;
}

/** The site's own display (§3 tofixedNumber, currencyMode) for these settings. */
export function siteDisplay(settings: Pick<SiteSettings, 'tofixedNumber' | 'currencyMode'>): SiteDisplay {
  const decimals = decimalsOf(settings);
  const { currencyMode } = settings;
  return { decimals, currencyMode, money: (amount, currency) => formatMoney(amount, currency, currencyMode, decimals), odds: (odds) => displayOdds(odds, decimals) };
}

/** Every odds and money display of the player site goes through this: the site's decimals and currency mode. */
export function useSiteDisplay(): SiteDisplay {
  const settings = useSiteSettings();
  return useMemo(() => siteDisplay(settings), [settings]);
}
