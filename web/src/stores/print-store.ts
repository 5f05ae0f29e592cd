import type { CouponView, PrintedSlip, PrintKind, PrinterStateName } from '@kupon/api/contract';
import { create } from 'zustand';
import { apiRequest } from '@/lib/api-client';

/** Spec §7 prints: the slips the page built itself (the fallback when the api's template cannot be had). */
export type SlipKind = 'coupon' | 'win' | 'cancel';

/** A slip the page built from a coupon it holds. */
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

/** A slip the api filled (spec §7 "GET templates with lang and time zone"; api/PRINTS.md). */
export interface ServerSlip {
  readonly kind: PrintKind;
  readonly template: PrintedSlip;
}

/** What the hidden print area holds. */
export type ShownSlip = PrintSlip | ServerSlip;

export function isServerSlip(slip: ShownSlip): slip is ServerSlip {
  return 'template' in slip;
}

/** A print asked of the api: the template of `kind` for `ref`, in `lang` and the browser's time zone. */
export interface PrintJob {
  readonly kind: PrintKind;
  readonly ref: string;
  readonly lang: string;
  /** Printed instead when the template cannot be had (no api, a refusal): print failures are ignored (§8), the paper is not. */
  readonly fallback?: PrintSlip;
  /** Told what the printer did once the print ran (a terminal reports it: `printerstatus`). */
  readonly onPrinted?: (printer: PrinterStateName) => void;
}

/** Spec §7 "Print starts 1500 ms after fetch, clears after 3000 ms". */
export const PRINT_START_MS = 1500;
export const PRINT_CLEAR_MS = 3000;

interface PrintState {
  /** What the hidden print area holds now (null: nothing to print). */
  readonly slip: ShownSlip | null;
  /** Prints a slip the page holds (one it built, or a template it already has), at once. */
  print(slip: ShownSlip, onPrinted?: PrintJob['onPrinted']): void;
  /** Fetches the api's template, then prints it; resolves when it is in the print area (or nothing could be). */
  printTemplate(job: PrintJob): Promise<void>;
}

let timers: ReturnType<typeof setTimeout>[] = [];
/** The newest job: an answer to an older one that arrives late is not printed over it. */
let latestJob = 0;

/** The browser's time zone, so the slip's times read as the counter's clock (UTC when unknown). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Spec §2 "Coupon print uses a hidden print area": the slip goes into an area the screen never
 * shows and the print stylesheet shows alone; the browser's print starts 1500 ms after the slip is
 * there (after the template was fetched), and the area is emptied 3000 ms later. A new print replaces
 * one still pending.
 */
export const usePrintStore = create<PrintState>()((set) => {
  const show = (slip: ShownSlip, onPrinted?: PrintJob['onPrinted']) => {
    for (const timer of timers) clearTimeout(timer);
    set({ slip });
    timers = [
      setTimeout(() => {
        // Print failures are ignored (§8); a terminal still says its printer did not print.
        let printer: PrinterStateName = 'ok';
        try {
          window.print();
        } catch {
          printer = 'offline';
        }
        onPrinted?.(printer);
      }, PRINT_START_MS),
      setTimeout(() => set({ slip: null }), PRINT_START_MS + PRINT_CLEAR_MS),
    ];
  };
  return {
    slip: null,
    print: (slip, onPrinted) => {
      latestJob += 1;
      show(slip, onPrinted);
    },
    printTemplate: async (job) => {
      const id = ++latestJob;
      let template: PrintedSlip | null = null;
      try {
        template = (await apiRequest<{ slip: PrintedSlip }>(`prints/${job.kind}`, { query: { ref: job.ref, lang: job.lang === 'en' ? 'en' : 'tr', tz: browserTimeZone() } })).slip;
      } catch {
        template = null;
      }
      if (id !== latestJob) return;
      if (template) show({ kind: job.kind, template }, job.onPrinted);
      else if (job.fallback) show(job.fallback, job.onPrinted);
    },
  };
});

/** `printerstatus`: a terminal tells the api whether a ticket's slip printed (api/PRINTS.md). Failures are ignored (§8). */
export function reportTicketPrint(ticketId: string, printer: PrinterStateName): void {
  void apiRequest(`terminal/coupons/${encodeURIComponent(ticketId)}/print-status`, { method: 'POST', body: { printer } }).catch(() => undefined);
}
