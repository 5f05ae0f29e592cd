/** What the back office's print routes and the terminal's share: refusals, the services they read, finding what a slip is of. */
import {
  couponDecider,
  type CouponState,
  couponStream,
  type OddsBook,
  type TransferState,
  transferDecider,
  transferStream,
  walletDecider,
  walletStream,
} from '@kupon/domain';
import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '../contract/identity';
import { ApiError } from '../http/api-error';
import type { LiveUser } from '../identity/accounts';
import type { CasinoProvider } from '../casino/provider';
import type { MoneyServices } from '../payments/money';
import { actorOf } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import type { BingoRound, CouponSlipKind, ShiftTotals } from './slips';
import { couponVisibleTo } from '@kupon/commands';

export const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** A book with nothing in it: a match the api does not know never blocks undoing an unprinted ticket. */
export const EMPTY_BOOK: OddsBook = { match: () => undefined, quote: () => undefined };

export const COUPON_KINDS: ReadonlySet<string> = new Set<CouponSlipKind>(['coupon', 'duplicate', 'cancel', 'win', 'win-terminal']);

export type Placed = Exclude<CouponState, { status: 'empty' }>;
/** The money services, and the casino providers a bingo round's cards are asked of (the casino context's, `app.casino`). */
export type PrintServices = MoneyServices & { readonly casinoProviders?: ReadonlyMap<string, CasinoProvider> };
export type Transfer = Exclude<TransferState, { status: 'none' }>;

/** What the statement rows of a shift add up to (wallet_transactions amounts are signed from the wallet's side). */
export const SHIFT_SUMS = `
  coalesce(sum(amount) filter (where event_type = 'DepositCredited'), 0)::text as cash_in,
  coalesce(-sum(amount) filter (where event_type in ('WithdrawalHeld','WithdrawalReleased','WithdrawalReversed')), 0)::text as cash_out,
  coalesce(-sum(amount) filter (where event_type in ('CouponStaked','CasinoBetPlaced')), 0)::text as stakes,
  coalesce(sum(amount) filter (where event_type in ('PayoutCredited','PayoutCorrected','CasinoWinCredited','CouponSoldCredited')), 0)::text as payouts,
  coalesce(sum(amount) filter (where event_type in ('StakeRefunded','CasinoRoundRolledBack')), 0)::text as refunds,
  coalesce(sum(amount), 0)::text as moved`;

/** The stream a bingo round's counter payout is recorded on (api/PRINTS.md "Shop bingo"): one per round of an account. */
export const bingoPaidStream = (accountId: string, roundId: string): string => `bingopaid-${accountId}:${roundId}`;

/** Finding what a slip is of, as the caller may see it. */
export function printLookups(services: PrintServices) {
  /** When and by whom a round was paid at the counter, or null. */
  const paidOf = async (accountId: string, roundId: string): Promise<BingoRound['paid']> => {
    const [event] = await services.store.readStream(bingoPaidStream(accountId, roundId), { maxCount: 1 });
    if (!event) return null;
    const data = event.data as { at?: string; byName?: string };
    return { at: data.at ?? event.metadata.at, by: data.byName ?? event.metadata.actor.userId };
  };

  const visibleAccount = async (request: FastifyRequest, accountId: string): Promise<LiveUser | null> => {
    const actor = actorOf(request);
    if (!(await couponVisibleTo(services.accounts, actor, accountId))) return null;
    const account = await services.accounts.load(accountId);
    return account && account.siteId === actor.siteId ? account : null;
  };

  return {
    visibleAccount,

    async visibleCoupon(request: FastifyRequest, couponId: string): Promise<Placed> {
      const { state } = await services.commands.load(couponStream(couponId), couponDecider);
      if (state.status === 'empty' || !(await couponVisibleTo(services.accounts, actorOf(request), state.coupon.userId))) throw new ApiError(404, 'couponNotFound');
      return state;
    },

    async visibleWithdrawal(request: FastifyRequest, transferId: string): Promise<Transfer> {
      const { state } = await services.commands.load(transferStream(transferId), transferDecider);
      if (state.status === 'none' || state.request.direction !== 'withdrawal' || !(await couponVisibleTo(services.accounts, actorOf(request), state.request.accountId))) throw new ApiError(404, 'transferNotFound');
      return state;
    },

    /** A tombala round from the casino ledger (a read model: a round just played shows a moment later). */
    async visibleBingoRound(request: FastifyRequest, roundId: string): Promise<{ accountId: string; round: BingoRound }> {
      const { rows } = await services.pool.query<{ account_id: string; event_type: string; amount: string; at: Date | string; service_id: number; title: string; provider: string }>(
        `select l.account_id, l.event_type, l.amount::text as amount, l.at, l.service_id, g.title, l.provider
           from casino_ledger l join casino_games g on g.service_id = l.service_id
          where l.round_id = $1 and l.site_id = $2 and g.product = 'bingo'
          order by l.position_commit, l.position_prepare`,
        [roundId, siteOf(request).siteId],
      );
      const first = rows[0];
      if (!first || rows.some((row) => row.account_id !== first.account_id) || !(await couponVisibleTo(services.accounts, actorOf(request), first.account_id))) throw new ApiError(404, 'roundNotFound');
      const sum = (type: string) => rows.filter((row) => row.event_type === type).reduce((total, row) => total + Number(row.amount), 0);
      const stake = sum('CasinoBetPlaced');
      const win = sum('CasinoWinCredited');
      const refund = sum('CasinoRoundRolledBack');
      const result = win > 0 ? 'won' : refund > 0 && refund >= stake ? 'refunded' : 'noWin';
      // The cards come from the provider's round history, when it keeps one (api/PRINTS.md "Shop bingo").
      const cards = (await services.casinoProviders?.get(first.provider)?.roundCards?.(roundId)) ?? null;
      const paid = await paidOf(first.account_id, roundId);
      return { accountId: first.account_id, round: { roundId, serviceId: first.service_id, title: first.title, stake, win, refund, result, playedAt: new Date(first.at).toISOString(), ...(cards ? { cards: cards.map((card) => card.map((row) => [...row])) } : {}), paid } };
    },

    /** The caller's own latest tombala rounds from the casino ledger, newest first. */
    async ownBingoRounds(request: FastifyRequest, limit: number): Promise<BingoRound[]> {
      const { rows } = await services.pool.query<{ round_id: string; provider: string; service_id: number; title: string; stake: string; win: string; refund: string; at: Date | string }>(
        `select l.round_id, l.provider, min(l.service_id) as service_id, min(g.title) as title,
                coalesce(sum(l.amount) filter (where l.event_type = 'CasinoBetPlaced'), 0)::text as stake,
                coalesce(sum(l.amount) filter (where l.event_type = 'CasinoWinCredited'), 0)::text as win,
                coalesce(sum(l.amount) filter (where l.event_type = 'CasinoRoundRolledBack'), 0)::text as refund,
                min(l.at) as at
           from casino_ledger l join casino_games g on g.service_id = l.service_id
          where l.account_id = $1 and l.site_id = $2 and g.product = 'bingo'
          group by l.round_id, l.provider
          order by max(l.position_commit) desc, max(l.position_prepare) desc
          limit $3`,
        [actorOf(request).userId, siteOf(request).siteId, limit],
      );
      return Promise.all(
        rows.map(async (row) => {
          const [stake, win, refund] = [Number(row.stake), Number(row.win), Number(row.refund)];
          const result: BingoRound['result'] = win > 0 ? 'won' : refund > 0 && refund >= stake ? 'refunded' : 'noWin';
          const cards = (await services.casinoProviders?.get(row.provider)?.roundCards?.(row.round_id)) ?? null;
          const paid = await paidOf(actorOf(request).userId, row.round_id);
          return { roundId: row.round_id, serviceId: Number(row.service_id), title: row.title, stake, win, refund, result, playedAt: new Date(row.at).toISOString(), ...(cards ? { cards: cards.map((card) => card.map((row) => [...row])) } : {}), paid };
        }),
      );
    },

    /** The account's wallet currency (the site's when it has none yet). */
    async currencyOf(accountId: string, siteDefault: string): Promise<string> {
      const { state } = await services.commands.load(walletStream(accountId), walletDecider);
      return state.status === 'open' ? state.currency : siteDefault;
    },

    /** What the account's statement shows between `from` and `until` (the wallets read model). */
    async shift(account: LiveUser, from: Date, until: Date): Promise<{ totals: ShiftTotals; currency: string }> {
      const [opening, moved, wallet] = await Promise.all([
        services.pool.query<{ balance: string }>(`select balance::text as balance from wallet_transactions where account_id = $1 and at < $2 order by at desc, stream_revision desc limit 1`, [account.userId, from.toISOString()]),
        services.pool.query<Record<'cash_in' | 'cash_out' | 'stakes' | 'payouts' | 'refunds' | 'moved', string>>(
          `select ${SHIFT_SUMS} from wallet_transactions where account_id = $1 and at >= $2 and at <= $3`,
          [account.userId, from.toISOString(), until.toISOString()],
        ),
        services.pool.query<{ currency: string }>(`select currency from wallet_balances where account_id = $1`, [account.userId]),
      ]);
      const sums = moved.rows[0];
      const openingBalance = Number(opening.rows[0]?.balance ?? 0);
      const totals: ShiftTotals = {
        accountName: account.userName,
        since: from.toISOString(),
        until: until.toISOString(),
        openingBalance,
        cashIn: Number(sums?.cash_in ?? 0),
        cashOut: Number(sums?.cash_out ?? 0),
        stakes: Number(sums?.stakes ?? 0),
        payouts: Number(sums?.payouts ?? 0),
        refunds: Number(sums?.refunds ?? 0),
        closingBalance: openingBalance + Number(sums?.moved ?? 0),
      };
      return { totals, currency: wallet.rows[0]?.currency ?? 'TRY' };
    },
  };
}
