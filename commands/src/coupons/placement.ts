import {
  type CouponContext,
  couponDecider,
  couponOpeningDecider,
  type CouponStaked,
  couponStream,
  type Currency,
  type DomainError,
  domainError,
  isDomainError,
  NO_SITE_STAKE_LIMITS,
  outcomeKey,
  type PlacedCoupon,
  type PlacedSelection,
  type SelectionRequest,
  type StakeCoupon,
  walletDecider,
  walletStream,
} from '@kupon/domain';
import type { EventStore } from '@kupon/eventstore';
import { COUPON_OPENING } from '../reactors/coupon-opening';
import { derivedId } from '../runner/derived-id';
import type { CommandMeta } from '../runner/meta';
import type { StreamCommands } from '../runner/stream-commands';
import { openWallet, type WalletOwner } from '../wallet/open-wallet';

/** A coupon as the player asked for it (spec §7 `createcoupon`), already parsed. */
export interface CouponOrder {
  /** The client's request id: the coupon id and every event id derive from it. */
  readonly requestId: string;
  readonly tips: readonly Omit<SelectionRequest, 'id'>[];
  /** Minor units. */
  readonly totalStake: number;
  /** Legs per combination, bankers included; [] unless a system coupon. */
  readonly systemTickets: readonly number[];
  readonly oddChangeOk: boolean;
}

/** One placement: who, in which currency, what, when, and what the caller knows of the site. */
export interface PlacementInput {
  readonly player: WalletOwner;
  readonly currency: Currency;
  readonly order: CouponOrder;
  readonly now: Date;
  /** Metadata of the stake: its event ids derive from the request id, so a retried request stakes nothing new. */
  readonly meta: CommandMeta;
  /**
   * The coupon context the coupon is priced in: the site's odds book, the player's slip rules, the
   * site's sell/cancel policy; null when no odds book runs (then `oddsUnavailable`).
   */
  readonly pricing: () => Promise<CouponContext | null>;
  /** The site's per-match and same-coupon limits; null when the request named no site. */
  readonly siteLimits: NonNullable<StakeCoupon['limits']> | null;
  /** Live acceptance: waits the live delay, then refuses what changed meanwhile; null when accepted. */
  readonly holdLive: (selections: readonly PlacedSelection[]) => Promise<DomainError | null>;
}

export type Placed = { readonly coupon: PlacedCoupon; readonly balance: number };

/**
 * Placing a coupon (spec §7 `createcoupon`): priced by the coupon decider (`priceCoupon`) against the
 * live odds book, staked on the player's wallet (`CouponStaked` carries the whole accepted coupon; the
 * wallet decider checks the balance), then the coupon stream is opened from it. The coupon id and
 * every event id derive from the client request id: a repeated request stakes nothing new and gets
 * the first answer. If the process dies between the two appends, the coupon-opening reactor opens
 * the coupon stream with the very same event id.
 */
export class CouponPlacement {
  constructor(private readonly services: { readonly store: EventStore; readonly commands: StreamCommands; readonly clock: () => Date }) {}

  async place(input: PlacementInput): Promise<Placed | DomainError> {
    const { services } = this;
    const { player, order, now } = input;
    const wallet = await openWallet(services, player, input.currency, { fresh: false });
    if (wallet.references.has(order.requestId)) return this.firstAnswer(player.userId, order.requestId);
    const context = await input.pricing();
    if (!context) return domainError('oddsUnavailable');
    const couponId = derivedId('coupon', player.userId, order.requestId);
    const priced = couponDecider.decide(
      {
        type: 'PlaceCoupon',
        couponId,
        userId: player.userId,
        now: now.toISOString(),
        selections: order.tips.map((tip) => ({ ...tip, id: outcomeKey(tip) })),
        systemSizes: order.systemTickets,
        stake: order.totalStake,
        oddChangeOk: order.oddChangeOk,
        // A terminal sells bearer tickets to walk-in customers: paid out at the counter, not at settlement.
        channel: player.role === 'terminal' ? 'shop' : 'online',
      },
      couponDecider.initialState,
      context,
    );
    if (isDomainError(priced)) return priced;
    const placed = priced[0];
    if (placed?.type !== 'CouponPlaced') throw new Error('the coupon decider placed nothing');
    const refusedLive = await input.holdLive(placed.data.selections);
    if (refusedLive) return refusedLive;
    // The site's per-match and same-coupon limits are checked by the wallet decider on the state it
    // debits from, so concurrent requests cannot both pass. A terminal's bearer tickets are sold to many
    // walk-in customers: its wallet is not one player's, so they are not held to a player's limits.
    const limits = placed.data.channel === 'shop' || !input.siteLimits ? NO_SITE_STAKE_LIMITS : input.siteLimits;
    const staked = await services.commands.run(
      walletStream(player.userId),
      walletDecider,
      { type: 'StakeCoupon', reference: order.requestId, now: now.toISOString(), coupon: placed.data, limits },
      input.meta,
    );
    if (!staked.ok) return staked.error;
    // A concurrent twin of this request staked first: answer as it did.
    if (staked.events.length === 0) return this.firstAnswer(player.userId, order.requestId);
    await this.open(placed.data, input.meta.eventId(0));
    const balance = staked.events[0]?.type === 'CouponStaked' ? staked.events[0].data.balance : wallet.balance;
    return { coupon: placed.data, balance };
  }

  /** Opens the coupon stream with the event id the reactor would use, so the two can never both write. */
  private async open(coupon: PlacedCoupon, stakeEventId: string): Promise<void> {
    const at = this.services.clock().toISOString();
    const outcome = await this.services.commands.runNew(
      couponStream(coupon.couponId),
      couponOpeningDecider,
      { type: 'OpenStakedCoupon', coupon },
      { actor: { userId: 'system', role: 'system' }, correlationId: stakeEventId, causationId: stakeEventId, at, eventId: (index) => derivedId(COUPON_OPENING, stakeEventId, String(index)) },
    );
    if (!outcome.ok) throw new Error(`opening coupon ${coupon.couponId}: ${outcome.error.code}`);
  }

  /** The coupon a request id already staked (opening its stream if the first request died before it could). */
  private async firstAnswer(userId: string, requestId: string): Promise<Placed | DomainError> {
    const couponId = derivedId('coupon', userId, requestId);
    const wallet = await this.services.commands.load(walletStream(userId), walletDecider);
    const balance = wallet.state.status === 'open' ? wallet.state.balance : 0;
    const { state } = await this.services.commands.load(couponStream(couponId), couponDecider);
    if (state.status !== 'empty') return { coupon: state.coupon, balance };
    // Recent requests are near the end of the wallet: read it backwards until the stake shows up.
    for (let from: bigint | undefined = undefined; ; ) {
      const page = await this.services.store.readStream(walletStream(userId), { direction: 'backwards', maxCount: 200, ...(from !== undefined ? { fromRevision: from } : {}) });
      const hit = page.find((event) => event.type === 'CouponStaked' && (event.data as { reference?: string }).reference === requestId);
      if (hit) {
        const { coupon } = hit.data as unknown as CouponStaked['data'];
        await this.open(coupon, hit.id);
        return { coupon, balance };
      }
      const last = page.at(-1);
      if (!last || last.streamRevision === 0n) return domainError('requestIdReused');
      from = last.streamRevision - 1n;
    }
  }
}
