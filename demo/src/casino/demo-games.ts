import type { CasinoGame } from '@kupon/domain';

/**
 * The built-in demo provider's own games and their rules. This is the provider's side of the line:
 * the product never draws an outcome, it only moves the money the provider's callbacks name.
 */
export const DEMO_MASTER_SERVICE_ID = 900;
/** The dice game; every other demo game is the fruit slot. */
export const DEMO_DICE_SERVICE_ID = 90002;
/** The bingo, virtual and TV games, each under a provider menu entry of its own (demo-products.ts has their rules). */
export const DEMO_TOMBALA_SERVICE_ID = 90101;
export const DEMO_FOOTBALL_SERVICE_ID = 90201;
export const DEMO_WHEEL_SERVICE_ID = 90301;
/**
 * The §2 external-game pages' demo games (api/EXTERNAL-GAMES.md), each product under a provider menu
 * entry of its own: a horse race (/racing, /virtualSports), a lotto draw (/lotto), the virtual
 * football as a league match (/virtualleague, /virtualSports), the dice and the wheel as TV draws
 * (/betgames) and the fruit slot (/mintGaming).
 */
export const DEMO_EXTERNAL_SERVICE_IDS = {
  racing: 91001,
  lotto: 91101,
  virtualleague: 91201,
  betgamesDice: 91301,
  betgamesWheel: 91302,
  mintGaming: 91401,
  virtualSportsFootball: 91501,
  virtualSportsRace: 91502,
} as const;

/**
 * An aggregator under one provider menu entry (§4 "lobby flag 0 loads sub-providers"): slots of three
 * studios, each game's studio its company_name. They are the demo provider's own fruit slot and dice
 * pages under other names, on the same seamless wallet.
 */
export const DEMO_AGGREGATOR_MASTER_SERVICE_ID = 940;
export const DEMO_AGGREGATOR_SERVICE_IDS = {
  novaCherries: 94001,
  novaSevens: 94002,
  pixelHighLow: 94011,
  pixelBells: 94012,
  forgeFortune: 94021,
} as const;

/** Which of the demo provider's games a service id is: how its page looks and how its round is drawn. */
export type DemoKind = 'slot' | 'dice' | 'tombala' | 'football' | 'wheel' | 'race' | 'lotto';
const KIND_OF: ReadonlyMap<number, DemoKind> = new Map<number, DemoKind>([
  [DEMO_DICE_SERVICE_ID, 'dice'],
  [DEMO_TOMBALA_SERVICE_ID, 'tombala'],
  [DEMO_FOOTBALL_SERVICE_ID, 'football'],
  [DEMO_WHEEL_SERVICE_ID, 'wheel'],
  [DEMO_EXTERNAL_SERVICE_IDS.racing, 'race'],
  [DEMO_EXTERNAL_SERVICE_IDS.lotto, 'lotto'],
  [DEMO_EXTERNAL_SERVICE_IDS.virtualleague, 'football'],
  [DEMO_EXTERNAL_SERVICE_IDS.betgamesDice, 'dice'],
  [DEMO_EXTERNAL_SERVICE_IDS.betgamesWheel, 'wheel'],
  [DEMO_EXTERNAL_SERVICE_IDS.virtualSportsFootball, 'football'],
  [DEMO_EXTERNAL_SERVICE_IDS.virtualSportsRace, 'race'],
  [DEMO_AGGREGATOR_SERVICE_IDS.pixelHighLow, 'dice'],
]);
export function demoKind(serviceId: number): DemoKind {
  return KIND_OF.get(serviceId) ?? 'slot';
}

const base = { masterServiceId: DEMO_MASTER_SERVICE_ID, provider: 'demo', company_name: 'Kupon Demo', isMobile: 1, openLobby: 0 } as const;

export const DEMO_GAMES: readonly CasinoGame[] = [
  { ...base, serviceId: 90001, product: 'slot', title: 'Kupon Fruits', logo: '/api/v1/casino/demo/logo/90001.svg', listOrder: 1, minStake: 100, maxStake: 10_000, maxPay: 500_000 },
  { ...base, serviceId: DEMO_DICE_SERVICE_ID, product: 'slot', title: 'Kupon Dice', logo: '/api/v1/casino/demo/logo/90002.svg', listOrder: 2, minStake: 100, maxStake: 20_000, maxPay: 38_000 },
  // A tombala bet is the price of its cards: 1–4 cards at 1.00–10.00 each.
  { ...base, masterServiceId: 910, company_name: 'Kupon Tombala', serviceId: DEMO_TOMBALA_SERVICE_ID, product: 'bingo', title: 'Kupon Tombala', logo: '/api/v1/casino/demo/logo/90101.svg', listOrder: 1, minStake: 100, maxStake: 4_000, maxPay: 500_000 },
  { ...base, masterServiceId: 920, company_name: 'Kupon Virtual', serviceId: DEMO_FOOTBALL_SERVICE_ID, product: 'virtual', title: 'Kupon Virtual Football', logo: '/api/v1/casino/demo/logo/90201.svg', listOrder: 1, minStake: 100, maxStake: 50_000, maxPay: 1_000_000 },
  { ...base, masterServiceId: 930, company_name: 'Kupon TV', serviceId: DEMO_WHEEL_SERVICE_ID, product: 'tvgames', title: 'Kupon Çarkı', logo: '/api/v1/casino/demo/logo/90301.svg', listOrder: 1, minStake: 100, maxStake: 20_000, maxPay: 820_000 },
  ...externalGames(),
  ...aggregatorGames(),
];

/** One of the demo provider's games under a provider menu entry of its own (its logo drawn by the demo pages, stakes from 1.00). */
function demoGame(
  serviceId: number,
  product: CasinoGame['product'],
  entry: Pick<CasinoGame, 'masterServiceId' | 'company_name' | 'masterServiceName'>,
  title: string,
  listOrder: number,
  maxStake: number,
  maxPay: number,
): CasinoGame {
  return { ...base, ...entry, serviceId, product, title, logo: `/api/v1/casino/demo/logo/${serviceId}.svg`, listOrder, minStake: 100, maxStake, maxPay };
}

/** The external-game pages' demo games (DEMO_EXTERNAL_SERVICE_IDS). */
function externalGames(): CasinoGame[] {
  const ids = DEMO_EXTERNAL_SERVICE_IDS;
  const game = (serviceId: number, product: CasinoGame['product'], masterServiceId: number, company_name: string, title: string, listOrder: number, maxStake: number, maxPay: number) =>
    demoGame(serviceId, product, { masterServiceId, company_name }, title, listOrder, maxStake, maxPay);
  return [
    game(ids.racing, 'racing', 1010, 'Kupon Racing', 'Kupon Derby', 1, 20_000, 1_000_000),
    game(ids.lotto, 'lotto', 1020, 'Kupon Loto', 'Kupon Şans 3/36', 1, 10_000, 1_500_000),
    game(ids.virtualleague, 'virtualleague', 1030, 'Kupon Virtual League', 'Kupon Sanal Lig', 1, 50_000, 1_000_000),
    game(ids.betgamesDice, 'betgames', 1040, 'Kupon Bet Games', 'Kupon TV Zar', 1, 20_000, 38_000),
    game(ids.betgamesWheel, 'betgames', 1040, 'Kupon Bet Games', 'Kupon Şans Çarkı', 2, 20_000, 820_000),
    game(ids.mintGaming, 'mintGaming', 1050, 'Kupon Mint', 'Kupon Mint Slot', 1, 10_000, 500_000),
    game(ids.virtualSportsFootball, 'virtualSports', 1060, 'Kupon Virtual Sports', 'Kupon Sanal Futbol', 1, 50_000, 1_000_000),
    game(ids.virtualSportsRace, 'virtualSports', 1060, 'Kupon Virtual Sports', 'Kupon Sanal At Yarışı', 2, 20_000, 1_000_000),
  ];
}

/** The aggregator's games (DEMO_AGGREGATOR_SERVICE_IDS), listed after the demo provider's own slots. */
function aggregatorGames(): CasinoGame[] {
  const ids = DEMO_AGGREGATOR_SERVICE_IDS;
  const game = (serviceId: number, company_name: string, title: string, listOrder: number, maxStake: number, maxPay: number) =>
    demoGame(serviceId, 'slot', { masterServiceId: DEMO_AGGREGATOR_MASTER_SERVICE_ID, masterServiceName: 'Kupon Aggregator', company_name }, title, listOrder, maxStake, maxPay);
  return [
    game(ids.novaCherries, 'Nova Reels', 'Nova Cherries', 11, 10_000, 500_000),
    game(ids.novaSevens, 'Nova Reels', 'Nova Sevens', 12, 10_000, 500_000),
    game(ids.pixelHighLow, 'Pixel Play', 'Pixel High-Low', 13, 20_000, 38_000),
    game(ids.pixelBells, 'Pixel Play', 'Pixel Bells', 14, 10_000, 500_000),
    game(ids.forgeFortune, 'Lucky Forge', 'Forge Fortune', 15, 10_000, 500_000),
  ];
}

/** A draw in [0, n): crypto's by default; tests pass a fixed sequence. */
export type Draw = (n: number) => number;

export const SLOT_SYMBOLS = ['CHERRY', 'LEMON', 'BELL', 'STAR', 'SEVEN'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
/** Three of a kind pays the stake times this; two cherries pay the stake back twice. Return to player 97.6 %. */
const THREE_OF_A_KIND: Readonly<Record<SlotSymbol, number>> = { CHERRY: 8, LEMON: 10, BELL: 15, STAR: 25, SEVEN: 40 };

export interface SlotSpin {
  readonly reels: readonly [SlotSymbol, SlotSymbol, SlotSymbol];
  /** Minor units credited (0: a lost spin). */
  readonly win: number;
}

export function spinSlot(stake: number, maxPay: number, draw: Draw): SlotSpin {
  const reels = [0, 1, 2].map(() => SLOT_SYMBOLS[draw(SLOT_SYMBOLS.length)]!) as [SlotSymbol, SlotSymbol, SlotSymbol];
  const cherries = reels.filter((s) => s === 'CHERRY').length;
  const multiple = reels[0] === reels[1] && reels[1] === reels[2] ? THREE_OF_A_KIND[reels[0]] : cherries === 2 ? 2 : 0;
  return { reels, win: capped(stake * multiple, maxPay) };
}

export type DiceBet = 'low' | 'high';

export interface DiceRoll {
  readonly roll: number;
  readonly win: number;
}

/** A die: low (1–3) or high (4–6) pays 1.9 times the stake, rounded down to the minor unit. */
export function rollDice(stake: number, bet: DiceBet, maxPay: number, draw: Draw): DiceRoll {
  const roll = 1 + draw(6);
  const won = bet === 'low' ? roll <= 3 : roll >= 4;
  return { roll, win: won ? capped(Math.floor((stake * 19) / 10), maxPay) : 0 };
}

/** A win no larger than the player's max pay (0: no cap): every demo game pays through this. */
export function capped(win: number, maxPay: number): number {
  return maxPay > 0 ? Math.min(win, maxPay) : win;
}
