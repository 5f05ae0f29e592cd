import {
  addSelection,
  chooseSystemSizes,
  clearBetslip,
  DEFAULT_SLIP_RULES,
  EMPTY_BETSLIP,
  isDomainError,
  removeSelection,
  setOddChangeOk,
  setStake,
  toggleBanker,
  updateSelectionOdds,
  type Betslip,
  type DomainError,
  type Minor,
  type Odds,
  type SlipRules,
  type SlipSelection,
} from '@kupon/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/lib/storage';

/** What the slip shows of a pick besides the ids the rules need (spec §3 betslip item `d`, `od`, `o`). */
export interface SelectionDetail {
  readonly sportId: number;
  readonly home: string;
  readonly away: string;
  readonly matchDate: string;
  readonly marketName: string;
  readonly outcomeName: string;
}

/** A refusal or removal to tell the player, as a spec §8 key with its parameter. */
export interface SlipNotice {
  readonly key: string;
  readonly params: readonly string[];
  /** Increases on every notice so the same refusal twice is shown twice. */
  readonly seq: number;
}

export interface BetslipState {
  readonly slip: Betslip;
  readonly details: Readonly<Record<string, SelectionDetail>>;
  /** The rules in force: the user's limits and the site's caps and bonus (defaults for a guest, §9). */
  readonly rules: SlipRules;
  /**
   * The total stake the player asked for. The slip's stake is this, clamped and split evenly over
   * the tickets; keeping the wish apart means toggling system sizes never wears the stake down.
   */
  readonly wantedStake: Minor;
  readonly notice: SlipNotice | null;
  /** Adds the pick, or removes it when already on the slip (a second click on an odd). */
  toggle(selection: SlipSelection, detail: SelectionDetail): DomainError | null;
  remove(selectionId: string): void;
  clear(): void;
  toggleBanker(selectionId: string): DomainError | null;
  chooseSystemSizes(sizes: readonly number[]): DomainError | null;
  setStake(stake: Minor): void;
  setOddChangeOk(ok: boolean): void;
  /** A live price change; an odd that leaves the user's limits removes the pick (§5). */
  updateOdds(selectionId: string, odds: Odds): void;
  /** Spec §4 "Ended removes match from live lists and slip". */
  removeMatch(matchId: string): void;
  setRules(rules: SlipRules): void;
  dismissNotice(): void;
}

let seq = 0;
function noticeOf(error: DomainError): SlipNotice {
  seq += 1;
  return { key: error.code, params: error.params.map(String), seq };
}

function withoutDetails(details: Readonly<Record<string, SelectionDetail>>, keep: Betslip): Record<string, SelectionDetail> {
  const ids = new Set(keep.selections.map((s) => s.id));
  return Object.fromEntries(Object.entries(details).filter(([id]) => ids.has(id)));
}

/** Spec §9 default stake shown on an empty slip: the minimum stake of 1.00. */
const INITIAL: Betslip = { ...EMPTY_BETSLIP, stake: 100 };

/**
 * The betslip (spec §3–§5). Every change runs the `@kupon/domain` rules the server runs, so the
 * slip cannot accept what the api would refuse. Persisted, so it is restored at start (§4).
 */
export const useBetslipStore = create<BetslipState>()(
  persist(
    (set, get) => ({
      slip: INITIAL,
      details: {},
      rules: DEFAULT_SLIP_RULES,
      wantedStake: INITIAL.stake,
      notice: null,
      toggle(selection, detail) {
        const { slip, rules } = get();
        if (slip.selections.some((s) => s.id === selection.id)) {
          get().remove(selection.id);
          return null;
        }
        const next = addSelection(slip, selection, rules);
        if (isDomainError(next)) {
          set({ notice: noticeOf(next) });
          return next;
        }
        set({ slip: setStake(next, get().wantedStake, rules), details: { ...get().details, [selection.id]: detail }, notice: null });
        return null;
      },
      remove(selectionId) {
        const slip = removeSelection(get().slip, selectionId);
        set({ slip: setStake(slip, get().wantedStake, get().rules), details: withoutDetails(get().details, slip) });
      },
      clear() {
        set({ slip: clearBetslip(get().slip), details: {}, notice: null });
      },
      toggleBanker(selectionId) {
        const next = toggleBanker(get().slip, selectionId);
        if (isDomainError(next)) {
          set({ notice: noticeOf(next) });
          return next;
        }
        set({ slip: setStake(next, get().wantedStake, get().rules), notice: null });
        return null;
      },
      chooseSystemSizes(sizes) {
        const next = chooseSystemSizes(get().slip, sizes);
        if (isDomainError(next)) {
          set({ notice: noticeOf(next) });
          return next;
        }
        set({ slip: setStake(next, get().wantedStake, get().rules), notice: null });
        return null;
      },
      setStake(stake) {
        set({ wantedStake: stake, slip: setStake(get().slip, stake, get().rules) });
      },
      setOddChangeOk(ok) {
        set({ slip: setOddChangeOk(get().slip, ok) });
      },
      updateOdds(selectionId, odds) {
        const { slip: updated, removed } = updateSelectionOdds(get().slip, selectionId, odds, get().rules);
        const slip = removed ? setStake(updated, get().wantedStake, get().rules) : updated;
        set({ slip, details: withoutDetails(get().details, slip), ...(removed ? { notice: noticeOf(removed) } : {}) });
      },
      removeMatch(matchId) {
        let slip = get().slip;
        for (const s of slip.selections.filter((x) => x.matchId === matchId)) slip = removeSelection(slip, s.id);
        slip = setStake(slip, get().wantedStake, get().rules);
        set({ slip, details: withoutDetails(get().details, slip) });
      },
      setRules(rules) {
        set({ rules, slip: setStake(get().slip, get().wantedStake, rules) });
      },
      dismissNotice() {
        set({ notice: null });
      },
    }),
    {
      name: STORAGE_KEYS.betslip,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ slip: state.slip, details: state.details, wantedStake: state.wantedStake }),
    },
  ),
);
