import {
  type BetsCancelled,
  type Cancellation,
  type CouponCommand,
  type CouponContext,
  couponDecider,
  type CouponEvent,
  type CouponState,
  couponStream,
  type Decider,
  errorKey,
  type MatchResult,
  type PlacedCoupon,
  type ResultCorrected,
  type ResultRecorded,
  selectionOutcome,
  type SettleSelection,
  type UnsettleSelection,
} from '@kupon/domain';
import { type EventStore, type JsonObject, kyselyOver, type RecordedEvent, type SqlPool } from '@kupon/eventstore';
import { sql } from 'kysely';
import { COUPON_MONEY_EVENTS, couponMoney } from './coupon-payouts';
import type { Reactor, ReactorOutcome } from './reactor-runner';
import { derivedId } from '../runner/derived-id';
import type { CommandMeta } from '../runner/meta';
import type { StreamCommands } from '../runner/stream-commands';

export const SETTLEMENT = 'settlement';

interface SettlementTables {
  settlement_legs: { match_id: string; coupon_id: string; selection_id: string; market: string; special: string; outcome: string; placed_at: string | Date };
  settlement_matches: { match_id: string; result: MatchResult | null | string; cancellations: Cancellation[] | string; updated_at: Date | string };
}

type Leg = SettlementTables['settlement_legs'];

interface MatchRecord {
  readonly result: MatchResult | null;
  readonly cancellations: readonly Cancellation[];
}

/**
 * Settles the first time, resettles after: the coupon decider's two commands as one, chosen by the
 * coupon's own state when the command runs (so a redelivery or a race with another match's result
 * always picks the right one).
 */
const settleOrResettle: Decider<CouponState, SettleSelection | UnsettleSelection, CouponEvent, CouponContext> = {
  initialState: couponDecider.initialState,
  evolve: couponDecider.evolve,
  decide(command, state, context) {
    if (command.type === 'UnsettleSelection') return couponDecider.decide(command, state, context);
    const settled = state.status !== 'empty' && state.results[command.selectionId] !== undefined;
    const next: CouponCommand = settled ? { ...command, type: 'ResettleSelection' } : command;
    return couponDecider.decide(next, state, context);
  },
};

/** Settling reads no odds book; the coupon decider's settle path never looks at the context. */
const NO_CONTEXT = undefined as unknown as CouponContext;

export interface SettlementReactorOptions {
  /** Coupon commands in flight at once for one result (the event store groups their appends). */
  readonly concurrency?: number;
  /**
   * Given, each coupon this reactor decides is paid at once, in its workers, exactly as the payouts
   * reactor pays it (`couponMoney`); that reactor still follows and finds the money moved (the wallet
   * takes each reference once). Without it the payouts wait for the payouts reactor, one at a time.
   */
  readonly payouts?: EventStore;
}

/**
 * Result → coupons (ARCHITECTURE.md, "Settle"): a `ResultRecorded` on `match-…` settles every
 * selection on that match with the catalog's resolvers; the coupon decider decides each coupon as its
 * last selection settles (`CouponSettled`, which the payouts reactor credits). A `ResultCorrected`
 * resettles (`CouponResettled` carries only the difference); a `BetsCancelled` voids the selections
 * placed in its window (resettling coupons already decided); a `SettlementRolledBack` withdraws the
 * result: every selection it settled is open again (`SelectionUnsettled`), a decided coupon goes back
 * to waiting and its payout is taken back (`CouponResettled`, negative difference) until the next
 * result settles it afresh. Selections a bet cancel voided stay void. Event ids are uuid v5 of the causing
 * event, coupon and selection, so a redelivered event settles nothing twice.
 */
export function settlementReactor(pool: SqlPool, options: SettlementReactorOptions = {}): Reactor {
  const db = kyselyOver<SettlementTables>(pool);
  const concurrency = options.concurrency ?? 64;
  const pay = options.payouts ? couponMoney(options.payouts) : null;

  return {
    name: SETTLEMENT,
    handles: ['CouponPlaced', 'ResultRecorded', 'ResultCorrected', 'BetsCancelled', 'SettlementRolledBack'],
    async react(event, commands) {
      if (event.type === 'CouponPlaced') return couponPlaced(event, commands);
      const matchId = (event.data as { matchId: string }).matchId;
      const match = await recordMatch(matchId, event);
      return settleLegs(await legsOf(matchId), match, event, commands);
    },
  };

  async function couponPlaced(event: RecordedEvent, commands: StreamCommands): Promise<ReactorOutcome> {
    const coupon = event.data as unknown as PlacedCoupon;
    const legs: Leg[] = coupon.selections.map((s) => ({
      match_id: s.matchId,
      coupon_id: coupon.couponId,
      selection_id: s.id,
      market: s.marketId,
      special: s.special,
      outcome: s.outcomeId,
      placed_at: coupon.placedAt,
    }));
    await db.insertInto('settlement_legs').values(legs).onConflict((oc) => oc.columns(['match_id', 'coupon_id', 'selection_id']).doNothing()).execute();
    // A coupon placed on a match whose result (or a bet cancel) is already in settles at once.
    const known = await db.selectFrom('settlement_matches').selectAll().where('match_id', 'in', [...new Set(legs.map((l) => l.match_id))]).execute();
    for (const row of known) {
      const outcome = await settleLegs(legs.filter((l) => l.match_id === row.match_id), toRecord(row), event, commands);
      if (!outcome.ok) return outcome;
    }
    return { ok: true };
  }

  async function recordMatch(matchId: string, event: RecordedEvent): Promise<MatchRecord> {
    const row = await db.selectFrom('settlement_matches').selectAll().where('match_id', '=', matchId).executeTakeFirst();
    const current = row ? toRecord(row) : { result: null, cancellations: [] };
    let next: MatchRecord = current;
    switch (event.type) {
      case 'ResultRecorded':
      case 'ResultCorrected':
        next = { ...current, result: (event.data as unknown as (ResultRecorded | ResultCorrected)['data']).result };
        break;
      case 'SettlementRolledBack':
        next = { ...current, result: null };
        break;
      case 'BetsCancelled': {
        const { cancellationId, from, to, markets } = event.data as unknown as BetsCancelled['data'];
        if (!current.cancellations.some((c) => c.cancellationId === cancellationId)) {
          next = { ...current, cancellations: [...current.cancellations, { cancellationId, from, to, markets }] };
        }
        break;
      }
    }
    await db
      .insertInto('settlement_matches')
      .values({ match_id: matchId, result: JSON.stringify(next.result), cancellations: JSON.stringify(next.cancellations), updated_at: new Date() })
      .onConflict((oc) => oc.column('match_id').doUpdateSet({ result: sql`excluded.result`, cancellations: sql`excluded.cancellations`, updated_at: sql`excluded.updated_at` }))
      .execute();
    return next;
  }

  async function legsOf(matchId: string): Promise<Leg[]> {
    return db.selectFrom('settlement_legs').selectAll().where('match_id', '=', matchId).orderBy('coupon_id').orderBy('selection_id').execute();
  }

  async function settleLegs(legs: readonly Leg[], match: MatchRecord, cause: RecordedEvent, commands: StreamCommands): Promise<ReactorOutcome> {
    const errors: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < legs.length) {
        const leg = legs[next++]!;
        const placedAt = leg.placed_at instanceof Date ? leg.placed_at.toISOString() : leg.placed_at;
        const result = selectionOutcome({ market: leg.market, special: leg.special, outcome: leg.outcome, placedAt }, match.result, match.cancellations);
        const base = { couponId: leg.coupon_id, selectionId: leg.selection_id, now: cause.metadata.at };
        // Undecided stays as it is, except after a rollback: what the withdrawn result settled reopens.
        if (result === null && cause.type !== 'SettlementRolledBack') continue;
        const command: SettleSelection | UnsettleSelection = result === null ? { type: 'UnsettleSelection', ...base } : { type: 'SettleSelection', ...base, result };
        const outcome = await commands.run(couponStream(leg.coupon_id), settleOrResettle, command, metaFor(cause, leg), NO_CONTEXT);
        if (!outcome.ok) errors.push(`${leg.coupon_id}/${leg.selection_id}: ${errorKey(outcome.error)}`);
        else if (pay && outcome.events.some((e) => COUPON_MONEY_EVENTS.includes(e.type))) {
          // The coupon events just appended, as stored, without reading them back: their ids derive
          // from the cause and their revisions end at the one the append returned.
          const meta = metaFor(cause, leg);
          const first = outcome.revision - BigInt(outcome.events.length - 1);
          const state = commands.peek(couponStream(leg.coupon_id), settleOrResettle)?.state;
          const coupon = state && state.status !== 'empty' ? state.coupon : undefined;
          // A payment refused here is the payouts reactor's to record; settling stands either way.
          for (const [index, event] of outcome.events.entries()) {
            if (!COUPON_MONEY_EVENTS.includes(event.type)) continue;
            const appended = { id: meta.eventId(index), type: event.type, data: event.data as unknown as JsonObject, streamRevision: first + BigInt(index), metadata: { correlationId: meta.correlationId, at: meta.at } };
            await pay(appended, commands, coupon);
          }
        }
        commands.release(couponStream(leg.coupon_id));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, legs.length) }, worker));
    return errors.length === 0 ? { ok: true } : { ok: false, error: errors.slice(0, 5).join('; ') };
  }
}

function metaFor(cause: RecordedEvent, leg: Leg): CommandMeta {
  return {
    actor: { userId: 'system', role: 'reactor' },
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    at: cause.metadata.at,
    eventId: (index) => derivedId(SETTLEMENT, cause.id, leg.coupon_id, leg.selection_id, String(index)),
  };
}

function toRecord(row: SettlementTables['settlement_matches']): MatchRecord {
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return { result: parse(row.result) as MatchResult | null, cancellations: parse(row.cancellations) };
}
