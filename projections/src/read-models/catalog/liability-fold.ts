import type { CouponEvent, PlacedCoupon } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type Insertable, type RawBuilder, sql, type Transaction } from 'kysely';
import { anyOf, type ColumnTypes, insertJsonRows, jsonRows, writesStatement } from '../../runner/json-rows';
import type { BatchCarry, PreparedBatch } from '../../runner/projection';
import { foldEach } from '../../runner/worker';
import type { LiabilityTables, OpenLeg } from './liability-tables';

type Tx = Transaction<LiabilityTables>;

/** A coupon as liability_coupons holds it, amounts as numbers. */
interface Coupon {
  readonly coupon_id: string;
  readonly stake: number;
  readonly potential_payout: number;
  readonly legs: readonly OpenLeg[];
  readonly open_legs: readonly OpenLeg[];
  readonly decided: boolean;
}

/** Where in the log and when an event happened: a leg's stretch opens or closes there. */
interface Moment {
  readonly commit: string;
  readonly prepare: string;
  readonly at: string;
}

/** A leg's stretch as the batch opens (and maybe closes) it. */
type Stretch = Insertable<LiabilityTables['liability_leg_history']>;

interface Close {
  readonly coupon_id: string;
  readonly selection_id: string;
  readonly closed_commit: string;
  readonly closed_prepare: string;
  readonly closed_at: string;
}

interface OutcomeSums {
  readonly leg: OpenLeg;
  stake: number;
  payout: number;
  coupons: number;
}

const COLUMNS = {
  liability_coupons: { coupon_id: 'text', stake: 'bigint', potential_payout: 'bigint', legs: 'jsonb', open_legs: 'jsonb', decided: 'boolean' },
  liability_outcomes: { match_id: 'text', market: 'text', special: 'text', outcome: 'text', open_stake: 'bigint', potential_payout: 'bigint', coupons: 'integer' },
  liability_leg_history: {
    coupon_id: 'text',
    selection_id: 'text',
    match_id: 'text',
    market: 'text',
    special: 'text',
    outcome: 'text',
    stake: 'bigint',
    potential_payout: 'bigint',
    opened_commit: 'bigint',
    opened_prepare: 'bigint',
    opened_at: 'timestamptz',
    closed_commit: 'bigint',
    closed_prepare: 'bigint',
    closed_at: 'timestamptz',
  },
  closes: { coupon_id: 'text', selection_id: 'text', closed_commit: 'bigint', closed_prepare: 'bigint', closed_at: 'timestamptz' },
} as const satisfies Record<string, ColumnTypes>;

/** What a worker's carry keeps between batches: the coupons read or written, as the table holds them (null: none by that id). */
type KnownCoupons = Map<string, Coupon | null>;

const CARRY_KEY = 'liability';
const MAX_CARRIED_COUPONS = 200_000;

function carriedCoupons(carry: BatchCarry | undefined): KnownCoupons {
  if (!carry) return new Map();
  let known = carry.get(CARRY_KEY) as KnownCoupons | undefined;
  if (!known) carry.set(CARRY_KEY, (known = new Map()));
  if (known.size > MAX_CARRIED_COUPONS) known.clear();
  return known;
}

/**
 * Applies a batch of coupon events to the liability tables: the coupons it names that neither the
 * carry holds nor the batch places are read in one query, the batch is folded in memory in log
 * order, and the result written in one statement (coupons upserted or deleted, each outcome's sums
 * added once, the stretches it closed on rows already stored closed in one update, the ones it opened
 * inserted). The same as applying each event alone (an event alone is a batch of one), which a test
 * checks batch sizes against.
 */
export async function applyLiabilityBatch(tx: Tx, events: readonly RecordedEvent[], carry?: BatchCarry): Promise<void> {
  const fold = new LiabilityFold(carriedCoupons(carry));
  await fold.load(tx, fold.unknown(events));
  fold.applyAll(events);
  await writesStatement(fold.writes())?.execute(tx);
}

/**
 * The batch folded without the database, for the runner to write while it folds the next one
 * (Projection.prepareBatch): only when the carry knows every coupon the batch names and does not
 * place; otherwise null, having changed nothing.
 */
export function prepareLiabilityBatch(events: readonly RecordedEvent[], carry: BatchCarry, checkpointMoved: RawBuilder<boolean>): PreparedBatch | null {
  const known = carry.get(CARRY_KEY) as KnownCoupons | undefined;
  if (!known || known.size > MAX_CARRIED_COUPONS) return null;
  const fold = new LiabilityFold(known);
  if (fold.unknown(events).length > 0) return null;
  fold.applyAll(events);
  return { writes: fold.writes(checkpointMoved) };
}

const couponIdOf = (event: RecordedEvent) => (event.type === 'CouponPlaced' ? (event.data as unknown as PlacedCoupon).couponId : (event.data as { couponId: string }).couponId);

class LiabilityFold {
  private readonly changed = new Set<string>();
  private readonly deleted = new Set<string>();
  private readonly outcomes = new Map<string, OutcomeSums>();
  /** Stretches the batch opened, in order; one still open is also in `openHere`. */
  private readonly opened: Stretch[] = [];
  private readonly openHere = new Map<string, Stretch>();
  /** Stretches stored before the batch that it closed, by coupon and selection. */
  private readonly closes = new Map<string, Close>();

  /** `coupons`: what is known of the table, by id, as the batch leaves it (the carry's own map, or a fresh one). */
  constructor(private readonly coupons: KnownCoupons) {}

  /** The coupons the batch names before placing them (or without placing them) that are not known. */
  unknown(events: readonly RecordedEvent[]): string[] {
    const placed = new Set(events.filter((e) => e.type === 'CouponPlaced').map(couponIdOf));
    return [...new Set(events.map(couponIdOf))].filter((id) => !placed.has(id) && !this.coupons.has(id));
  }

  async load(tx: Tx, wanted: readonly string[]): Promise<void> {
    if (wanted.length === 0) return;
    const rows = await tx.selectFrom('liability_coupons').selectAll().where(anyOf('coupon_id', wanted)).execute();
    for (const id of wanted) this.coupons.set(id, null);
    for (const row of rows) {
      this.coupons.set(row.coupon_id, {
        coupon_id: row.coupon_id,
        stake: Number(row.stake),
        potential_payout: Number(row.potential_payout),
        legs: parseLegs(row.legs),
        open_legs: parseLegs(row.open_legs),
        decided: row.decided,
      });
    }
  }

  applyAll(events: readonly RecordedEvent[]): void {
    foldEach(events, (event) => this.apply(event));
  }

  private apply(recorded: RecordedEvent): void {
    const event = { type: recorded.type, data: recorded.data } as unknown as CouponEvent;
    const moment: Moment = { commit: recorded.position.commit.toString(), prepare: recorded.position.prepare.toString(), at: recorded.metadata.at };
    switch (event.type) {
      case 'CouponPlaced': {
        const placed: PlacedCoupon = event.data;
        const legs: OpenLeg[] = placed.selections.map((s) => ({ selectionId: s.id, matchId: s.matchId, market: s.marketId, special: s.special, outcome: s.outcomeId }));
        const coupon: Coupon = { coupon_id: placed.couponId, stake: placed.totalStake, potential_payout: placed.potentialPayout, legs, open_legs: legs, decided: false };
        this.put(coupon);
        this.count(moment, coupon, legs, 1);
        return;
      }
      case 'SelectionSettled': {
        const coupon = this.coupons.get(event.data.couponId);
        const leg = coupon?.open_legs.find((l) => l.selectionId === event.data.selectionId);
        if (!coupon || !leg) return;
        if (!coupon.decided) this.count(moment, coupon, [leg], -1);
        this.put({ ...coupon, open_legs: coupon.open_legs.filter((l) => l !== leg) });
        return;
      }
      case 'SelectionUnsettled': {
        // A rolled-back result: the leg is open again, and counts again while its coupon waits.
        const coupon = this.coupons.get(event.data.couponId);
        const leg = coupon?.legs.find((l) => l.selectionId === event.data.selectionId);
        if (!coupon || !leg || coupon.open_legs.some((l) => l.selectionId === leg.selectionId)) return;
        if (!coupon.decided) this.count(moment, coupon, [leg], 1);
        this.put({ ...coupon, open_legs: [...coupon.open_legs, leg] });
        return;
      }
      case 'CouponSettled':
      case 'CouponResettled': {
        const coupon = this.coupons.get(event.data.couponId);
        const decided = event.data.status !== 0;
        if (!coupon || decided === coupon.decided) return;
        this.count(moment, coupon, coupon.open_legs, decided ? -1 : 1);
        this.put({ ...coupon, decided });
        return;
      }
      case 'CouponSold':
      case 'CouponCancelled': {
        const coupon = this.coupons.get(event.data.couponId);
        if (!coupon) return;
        this.coupons.set(coupon.coupon_id, null);
        this.changed.delete(coupon.coupon_id);
        this.deleted.add(coupon.coupon_id);
        if (!coupon.decided) this.count(moment, coupon, coupon.open_legs, -1);
        return;
      }
      default:
        return;
    }
  }

  /**
   * One statement's parts: no two change the same row (closes touch only stretches stored before the
   * batch); given `where`, each changes rows only where it holds.
   */
  writes(where?: RawBuilder<boolean>): RawBuilder<unknown>[] {
    const also = where ? sql` and ${where}` : sql``;
    const parts: RawBuilder<unknown>[] = [];
    if (this.deleted.size) parts.push(sql`delete from ${sql.table('liability_coupons')} where ${anyOf('coupon_id', [...this.deleted])}${also}`);
    const coupons = [...this.changed].map((id) => this.coupons.get(id)!);
    if (coupons.length) {
      parts.push(sql`${insertJsonRows('liability_coupons', COLUMNS.liability_coupons, coupons, where)} on conflict (coupon_id) do update set
        stake = excluded.stake, potential_payout = excluded.potential_payout, legs = excluded.legs, open_legs = excluded.open_legs, decided = excluded.decided`);
    }
    const outcomes = [...this.outcomes.values()].map(({ leg, stake, payout, coupons: count }) => ({
      match_id: leg.matchId,
      market: leg.market,
      special: leg.special,
      outcome: leg.outcome,
      open_stake: stake,
      potential_payout: payout,
      coupons: count,
    }));
    if (outcomes.length) {
      parts.push(sql`${insertJsonRows('liability_outcomes', COLUMNS.liability_outcomes, outcomes, where)} on conflict (match_id, market, special, outcome) do update set
        open_stake = ${sql.ref('liability_outcomes.open_stake')} + excluded.open_stake,
        potential_payout = ${sql.ref('liability_outcomes.potential_payout')} + excluded.potential_payout,
        coupons = ${sql.ref('liability_outcomes.coupons')} + excluded.coupons`);
    }
    if (this.closes.size) {
      parts.push(sql`update ${sql.table('liability_leg_history')} as h
        set closed_commit = c.closed_commit, closed_prepare = c.closed_prepare, closed_at = c.closed_at
        from (${jsonRows(COLUMNS.closes, [...this.closes.values()])}) as c
        where h.coupon_id = c.coupon_id and h.selection_id = c.selection_id and h.closed_commit is null${also}`);
    }
    if (this.opened.length) parts.push(insertJsonRows('liability_leg_history', COLUMNS.liability_leg_history, this.opened, where));
    return parts;
  }

  private put(coupon: Coupon): void {
    this.coupons.set(coupon.coupon_id, coupon);
    this.changed.add(coupon.coupon_id);
  }

  /** Legs start (+1) or stop (-1) counting at a moment: the outcome sums move, and each leg's stretch opens or closes. */
  private count(moment: Moment, coupon: Coupon, legs: readonly OpenLeg[], sign: 1 | -1): void {
    for (const leg of legs) {
      const key = `${leg.matchId}|${leg.market}|${leg.special}|${leg.outcome}`;
      const sums = this.outcomes.get(key) ?? { leg, stake: 0, payout: 0, coupons: 0 };
      sums.stake += sign * coupon.stake;
      sums.payout += sign * coupon.potential_payout;
      sums.coupons += sign;
      this.outcomes.set(key, sums);
      const stretch = `${coupon.coupon_id}|${leg.selectionId}`;
      if (sign === 1) {
        const opened: Stretch = {
          coupon_id: coupon.coupon_id,
          selection_id: leg.selectionId,
          match_id: leg.matchId,
          market: leg.market,
          special: leg.special,
          outcome: leg.outcome,
          stake: coupon.stake,
          potential_payout: coupon.potential_payout,
          opened_commit: moment.commit,
          opened_prepare: moment.prepare,
          opened_at: moment.at,
          closed_commit: null,
          closed_prepare: null,
          closed_at: null,
        };
        this.opened.push(opened);
        this.openHere.set(stretch, opened);
        continue;
      }
      const here = this.openHere.get(stretch);
      if (here) {
        here.closed_commit = moment.commit;
        here.closed_prepare = moment.prepare;
        here.closed_at = moment.at;
        this.openHere.delete(stretch);
      } else {
        this.closes.set(stretch, { coupon_id: coupon.coupon_id, selection_id: leg.selectionId, closed_commit: moment.commit, closed_prepare: moment.prepare, closed_at: moment.at });
      }
    }
  }
}

function parseLegs(value: unknown): OpenLeg[] {
  return typeof value === 'string' ? (JSON.parse(value) as OpenLeg[]) : (value as OpenLeg[]);
}
