import type { Localized, SportId } from '@kupon/domain';

/** Invented leagues and sides for the simulator: a category (country) holds tournaments and sides. */
export interface CategoryTemplate {
  readonly id: string;
  readonly name: Localized;
  readonly tournaments: readonly { readonly id: string; readonly name: Localized }[];
  readonly sides: readonly string[];
}

const same = (text: string): Localized => ({ tr: text, en: text });

const TURKEY = { tr: 'Türkiye', en: 'Turkey' };
const ENGLAND = { tr: 'İngiltere', en: 'England' };
const SPAIN = { tr: 'İspanya', en: 'Spain' };
const INTERNATIONAL = { tr: 'Uluslararası', en: 'International' };
const USA = { tr: 'ABD', en: 'USA' };

const CLUBS_TR = ['Anadolu FK', 'Boğaziçi SK', 'Ege Gücü', 'Karadeniz Spor', 'Toros FK', 'Kapadokya SK', 'Marmara Birlik', 'Fırat Spor'];
const CLUBS_EN = ['Ashford Town', 'Bramley United', 'Castleton City', 'Dunmore Rovers', 'Eastwick Athletic', 'Fairport Albion', 'Greystone FC', 'Hollowell Wanderers'];
const CLUBS_ES = ['Real Albarca', 'Atlético Benaval', 'CD Castilla Norte', 'Deportivo Estrella', 'UD Montesol', 'SD Riberas'];
const PLAYERS = ['A. Kaya', 'B. Novak', 'C. Moreau', 'D. Silva', 'E. Lindqvist', 'F. Rossi', 'G. Tanaka', 'H. Okafor', 'I. Petrova', 'J. Müller', 'K. Duarte', 'L. Ivanova'];
const TEAMS_US = ['Harbor Hawks', 'Prairie Bison', 'Canyon Coyotes', 'Lakeside Loons', 'Summit Rams', 'Delta Herons'];
const NATIONS = ['Türkiye', 'Sırbistan', 'Polonya', 'İtalya', 'Brezilya', 'Japonya', 'Fransa', 'Arjantin'];
const CLANS = ['Nova Five', 'Redline', 'Kraken GG', 'Arcadia', 'Bluefire', 'Orbit Club', 'Zenith', 'Hexa'];

export const CATEGORIES: Readonly<Record<SportId, readonly CategoryTemplate[]>> = {
  1: [
    { id: 'tr', name: TURKEY, tournaments: [{ id: 'tr-super', name: { tr: 'Süper Lig', en: 'Super League' } }], sides: CLUBS_TR },
    { id: 'en', name: ENGLAND, tournaments: [{ id: 'en-premier', name: same('Premier League') }, { id: 'en-champ', name: same('Championship') }], sides: CLUBS_EN },
    { id: 'es', name: SPAIN, tournaments: [{ id: 'es-primera', name: same('Primera División') }], sides: CLUBS_ES },
  ],
  2: [
    { id: 'tr', name: TURKEY, tournaments: [{ id: 'tr-bsl', name: { tr: 'Basketbol Süper Ligi', en: 'Basketball Super League' } }], sides: CLUBS_TR },
    { id: 'us', name: USA, tournaments: [{ id: 'us-pro', name: same('Pro Basketball') }], sides: TEAMS_US },
  ],
  3: [{ id: 'us', name: USA, tournaments: [{ id: 'us-baseball', name: same('Baseball League') }], sides: TEAMS_US }],
  4: [{ id: 'us', name: USA, tournaments: [{ id: 'us-hockey', name: same('Hockey League') }], sides: TEAMS_US }],
  5: [
    { id: 'atp', name: INTERNATIONAL, tournaments: [{ id: 'atp-istanbul', name: same('ATP Istanbul') }, { id: 'wta-madrid', name: same('WTA Madrid') }], sides: PLAYERS },
  ],
  6: [{ id: 'int', name: INTERNATIONAL, tournaments: [{ id: 'ehf', name: same('EHF Champions League') }], sides: CLUBS_TR.concat(CLUBS_ES) }],
  23: [{ id: 'int', name: INTERNATIONAL, tournaments: [{ id: 'vnl', name: same('Nations League') }], sides: NATIONS }],
  109: [{ id: 'int', name: INTERNATIONAL, tournaments: [{ id: 'cs-major', name: same('CS Major') }], sides: CLANS }],
  110: [{ id: 'int', name: INTERNATIONAL, tournaments: [{ id: 'lol-worlds', name: same('LoL Worlds') }], sides: CLANS }],
  111: [{ id: 'int', name: INTERNATIONAL, tournaments: [{ id: 'dota-int', name: same('Dota International') }], sides: CLANS }],
};

/** Fixtures per sport per day: enough for full lists without flooding a laptop. */
export const FIXTURES_PER_DAY: Readonly<Record<SportId, number>> = { 1: 24, 2: 10, 3: 4, 4: 6, 5: 16, 6: 4, 23: 6, 109: 4, 110: 3, 111: 3 };

export function sideName(text: string): { id: string; name: Localized } {
  return { id: text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/(^-|-$)/g, ''), name: same(text) };
}
