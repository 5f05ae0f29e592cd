import { COUNTRY_CODES, CURRENCIES } from '@kupon/domain';
import type { CountryList, CurrencyList } from '../contract/identity';

/**
 * §7 getCountries / getCurrencies. Names come from the runtime's ICU data (`Intl.DisplayNames`), so
 * Turkish, English and any other language read the same ISO lists without a hand-kept name table.
 */
const countriesByLang = new Map<string, CountryList['countries']>();

export function countriesIn(lang: string): CountryList['countries'] {
  let list = countriesByLang.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(lang);
    list = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
    countriesByLang.set(lang, list);
  }
  return list;
}

/**
 * The currencies a player of the site may hold: its default first, then the others the product
 * supports (`CURRENCIES`). A default outside them is still listed first (it is what the site says),
 * though a wallet in it cannot open: keep defaultCurrency within `CURRENCIES`.
 */
export function siteCurrencies(defaultCurrency: string): readonly string[] {
  return [...(defaultCurrency ? [defaultCurrency] : []), ...CURRENCIES.filter((code) => code !== defaultCurrency)];
}

export function currenciesIn(lang: string, defaultCurrency: string): CurrencyList['currencies'] {
  const names = new Intl.DisplayNames([lang, 'en'], { type: 'currency', fallback: 'code' });
  const nameOf = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code; // a site default that is no well-formed ISO 4217 code (names.of throws on those)
    }
  };
  return siteCurrencies(defaultCurrency).map((code) => ({ code, name: nameOf(code) }));
}
