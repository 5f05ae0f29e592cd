import type { ColumnType } from 'kysely';

// The liability read model's rows, apart from the projection (liability.ts) so that its fold
// (liability-fold.ts) can use them without importing the projection back.

/** bigint columns: written as text or number, read as text (pg returns int8 as a string). */
type Big = ColumnType<string, string | number, string | number>;

export interface OpenLeg {
  selectionId: string;
  matchId: string;
  market: string;
  special: string;
  outcome: string;
}

/**
 * The book's exposure: per match, market and outcome, the stake still open on it and what it pays
 * if every open coupon on it wins. A coupon counts on each of its selections until that selection
 * settles, and leaves every one when it is decided, sold or cancelled; a rolled-back result counts
 * the selection again, and a coupon it puts back to waiting comes back on every open selection.
 * Each stretch a leg counts is kept with the log position and time it started and stopped, so the
 * liability report can be asked "as of" a past position or time (issue 8).
 */
export interface LiabilityTables {
  /**
   * Every coupon not sold or cancelled: all its legs, those without a result (`open_legs`), and
   * whether it is decided; a rollback can reopen a decided coupon, so it is kept.
   */
  liability_coupons: { coupon_id: string; stake: Big; potential_payout: Big; legs: ColumnType<OpenLeg[], string, string>; open_legs: ColumnType<OpenLeg[], string, string>; decided: boolean };
  liability_outcomes: { match_id: string; market: string; special: string; outcome: string; open_stake: Big; potential_payout: Big; coupons: number };
  /**
   * One row per stretch a leg counted in the exposure: opened at the event that made it count and
   * closed at the one that stopped it (null: it counts now). A rollback that reopens a leg opens a
   * new stretch. As of a position or time X: the rows opened at or before X and not closed by then.
   */
  liability_leg_history: {
    coupon_id: string;
    selection_id: string;
    match_id: string;
    market: string;
    special: string;
    outcome: string;
    stake: Big;
    potential_payout: Big;
    opened_commit: Big;
    opened_prepare: Big;
    opened_at: ColumnType<Date, string, string>;
    closed_commit: ColumnType<string | null, string | null, string>;
    closed_prepare: ColumnType<string | null, string | null, string>;
    closed_at: ColumnType<Date | null, string | null, string>;
  };
}
