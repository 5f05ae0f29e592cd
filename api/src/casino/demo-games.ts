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

/** Which of the demo provider's games a service id is: how its page looks and how its round is drawn. */
export type DemoKind = 'slot' | 'dice' | 'tombala' | 'football' | 'wheel';
export function demoKind(serviceId: number): DemoKind {
  switch (serviceId) {
    case DEMO_DICE_SERVICE_ID:
      return 'dice';
    case DEMO_TOMBALA_SERVICE_ID:
      return 'tombala';
    case DEMO_FOOTBALL_SERVICE_ID:
      return 'football';
    case DEMO_WHEEL_SERVICE_ID:
      return 'wheel';
    default:
      return 'slot';
  }
}

const base = { masterServiceId: DEMO_MASTER_SERVICE_ID, provider: 'demo', company_name: 'Kupon Demo', isMobile: 1, openLobby: 0 } as const;

export const DEMO_GAMES: readonly CasinoGame[] = [
  { ...base, serviceId: 90001, product: 'slot', title: 'Kupon Fruits', logo: '/api/v1/casino/demo/logo/90001.svg', listOrder: 1, minStake: 100, maxStake: 10_000, maxPay: 500_000 },
  { ...base, serviceId: DEMO_DICE_SERVICE_ID, product: 'slot', title: 'Kupon Dice', logo: '/api/v1/casino/demo/logo/90002.svg', listOrder: 2, minStake: 100, maxStake: 20_000, maxPay: 38_000 },
  // A tombala bet is the price of its cards: 1–4 cards at 1.00–10.00 each.
  { ...base, masterServiceId: 910, company_name: 'Kupon Tombala', serviceId: DEMO_TOMBALA_SERVICE_ID, product: 'bingo', title: 'Kupon Tombala', logo: '/api/v1/casino/demo/logo/90101.svg', listOrder: 1, minStake: 100, maxStake: 4_000, maxPay: 500_000 },
  { ...base, masterServiceId: 920, company_name: 'Kupon Virtual', serviceId: DEMO_FOOTBALL_SERVICE_ID, product: 'virtual', title: 'Kupon Virtual Football', logo: '/api/v1/casino/demo/logo/90201.svg', listOrder: 1, minStake: 100, maxStake: 50_000, maxPay: 1_000_000 },
  { ...base, masterServiceId: 930, company_name: 'Kupon TV', serviceId: DEMO_WHEEL_SERVICE_ID, product: 'tvgames', title: 'Kupon Çarkı', logo: '/api/v1/casino/demo/logo/90301.svg', listOrder: 1, minStake: 100, maxStake: 20_000, maxPay: 820_000 },
];

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

function capped(win: number, maxPay: number): number {
  return maxPay > 0 ? Math.min(win, maxPay) : win;
}
