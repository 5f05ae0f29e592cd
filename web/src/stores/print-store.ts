import type { CouponView } from '@kupon/api/contract';
import { create } from 'zustand';

/** Spec §7 prints: the coupon itself, the win slip after a sale, the cancel slip after a cancellation. */
export type SlipKind = 'coupon' | 'win' | 'cancel';

export interface PrintSlip {
  readonly kind: SlipKind;
  readonly coupon: CouponView;
  /** What the player was paid or refunded, minor units (win and cancel slips). */
  readonly amount?: number;
  /** Each line's match as the player reads it ("Home - Away"), by match id. */
  readonly matches: Readonly<Record<string, string>>;
  /** Each line's bet in words, by selection id. */
  readonly bets: Readonly<Record<string, string>>;
}

/** Spec §7 "Print starts 1500 ms after fetch, clears after 3000 ms". */
export const PRINT_START_MS = 1500;
export const PRINT_CLEAR_MS = 3000;

interface PrintState {
  /** What the hidden print area holds now (null: nothing to print). */
  readonly slip: PrintSlip | null;
  print(slip: PrintSlip): void;
}

let timers: ReturnType<typeof setTimeout>[] = [];

/**
 * Spec §2 "Coupon print uses a hidden print area": the slip goes into an area the screen never
 * shows and the print stylesheet shows alone; the browser's print starts once it has rendered,
 * and the area is emptied again afterwards. A new print replaces one still pending.
 */
export const usePrintStore = create<PrintState>()((set) => ({
  slip: null,
  print: (slip) => {
    for (const timer of timers) clearTimeout(timer);
    set({ slip });
    timers = [
      setTimeout(() => {
        // Print failures are ignored (§8).
        try {
          window.print();
        } catch {
          // no printer, no print dialog
        }
      }, PRINT_START_MS),
      setTimeout(() => set({ slip: null }), PRINT_START_MS + PRINT_CLEAR_MS),
    ];
  },
}));
