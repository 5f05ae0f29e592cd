import type { CasinoGame } from '@kupon/domain';

/**
 * The built-in demo provider's own games and their rules. This is the provider's side of the line:
 * the product never draws an outcome, it only moves the money the provider's callbacks name.
 */
export const DEMO_MASTER_SERVICE_ID = 900;
/** The dice game; every other demo game is the fruit slot. */
export const DEMO_DICE_SERVICE_ID = 90002;

const base = { masterServiceId: DEMO_MASTER_SERVICE_ID, provider: 'demo', company_name: 'Kupon Demo', isMobile: 1, openLobby: 0 } as const;

export const DEMO_GAMES: readonly CasinoGame[] = [
  { ...base, serviceId: 90001, product: 'slot', title: 'Kupon Fruits', logo: '/api/v1/casino/demo/logo/90001.svg', listOrder: 1, minStake: 100, maxStake: 10_000, maxPay: 500_000 },
  { ...base, serviceId: DEMO_DICE_SERVICE_ID, product: 'slot', title: 'Kupon Dice', logo: '/api/v1/casino/demo/logo/90002.svg', listOrder: 2, minStake: 100, maxStake: 20_000, maxPay: 38_000 },
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
