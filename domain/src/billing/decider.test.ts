import { describe, expect, it } from 'vitest';
import type { PlacedCoupon } from '../coupon/events';
import { errorKey, isDomainError } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import type { WalletEvent } from '../wallet/stream';
import type { CutOffBill, WalletEntry } from './commands';
import { billDecider } from './decider';
import type { BillCutOff } from './events';
import { balanceMovementOf, checkMayReadBills, foldPeriod, netOf, ZERO_TOTALS } from './rules';

const T1 = '2026-11-20T08:00:00.000Z';
const T2 = '2026-11-21T08:00:00.000Z';
const T3 = '2026-11-22T08:00:00.000Z';

/** `given([BillCutOff…]).when(CutOffBill).then([BillCutOff…])` / `.thenFails('billAlreadyCut|1')`. */
const given = deciderSpec(billDecider, undefined);

const move = (amount: number, balance: number, at = T1) => ({ reference: `r-${balance}-${amount}`, amount, balance, at });
const coupon = (couponId: string, stake: number) => ({ couponId, totalStake: stake }) as unknown as PlacedCoupon;
const shopDay: WalletEvent[] = [
  { type: 'WalletOpened', data: { accountId: 'shop1', ownerKind: 'dealer', currency: 'TRY', siteId: 'kupon', at: T1 } },
  { type: 'CreditReceived', data: { ...move(100_000, 100_000), transferId: 't1', fromAccountId: 'dealer1' } },
  { type: 'CouponStaked', data: { ...move(2_500, 97_500), coupon: coupon('c1', 2_500) } },
  { type: 'CouponStaked', data: { ...move(1_000, 96_500), coupon: coupon('c2', 1_000) } },
  { type: 'PayoutCredited', data: { ...move(4_625, 101_125), couponId: 'c1' } },
  { type: 'StakeRefunded', data: { ...move(1_000, 102_125), couponId: 'c2' } },
  { type: 'CouponStaked', data: { ...move(700, 101_425), coupon: coupon('c3', 700) } },
  { type: 'CouponSoldCredited', data: { ...move(350, 101_775), couponId: 'c3' } },
  { type: 'WithdrawalHeld', data: { ...move(5_000, 96_775), transferId: 'w1', request: {} as never } },
  { type: 'WithdrawalReleased', data: { ...move(5_000, 101_775), transferId: 'w1' } },
  { type: 'CreditCut', data: { ...move(20_000, 81_775), transferId: 't2', toAccountId: 'dealer1', byUserId: 'dealer1' } },
  { type: 'BalanceAdjusted', data: { ...move(-75, 81_700), reason: 'typo', byUserId: 'admin1' } },
];
const entries = (events: readonly WalletEvent[], from = 0): WalletEntry[] => events.map((event, i) => ({ revision: from + i, event }));

const dealer = { userId: 'dealer1', userName: 'kdealer1', role: 'dealer' as const, siteId: 'kupon', permissions: [] };
const shop = { accountId: 'shop1', siteId: 'kupon', ancestors: ['top1', 'dealer1'] };
const cut = (overrides: Partial<CutOffBill> = {}): CutOffBill => ({ type: 'CutOffBill', account: shop, actor: dealer, number: 1, walletFromRevision: 0, wallet: entries(shopDay), now: T2, ...overrides });

const firstBill: BillCutOff = {
  type: 'BillCutOff',
  data: {
    accountId: 'shop1',
    siteId: 'kupon',
    number: 1,
    from: null,
    to: T2,
    walletFromRevision: 0,
    walletToRevision: 11,
    openingBalance: 0,
    closingBalance: 81_700,
    totals: { stakes: 4_200, payouts: 4_625, refunds: 1_000, cashouts: 350, coupons: 3, deposits: 0, withdrawals: 0, creditIn: 100_000, creditOut: 20_000, bonuses: 0, adjustments: -75 },
    net: 4_200 - 4_625 - 1_000 - 350,
    cutBy: { userId: 'dealer1', userName: 'kdealer1', role: 'dealer' },
    at: T2,
  },
};

describe('cut-off (hesap kesimi)', () => {
  it("fixes the open period's bill: the wallet's takings and payments summed exactly, the net the shop owes, who cut", () => {
    given().when(cut()).then([firstBill]);
    expect(firstBill.data.closingBalance - firstBill.data.openingBalance).toBe(balanceMovementOf(firstBill.data.totals));
  });

  it('opens the next period where the last one closed: from the cut-off moment, the next wallet revision, the closing balance', () => {
    expect(given([firstBill]).state).toEqual({ status: 'open', cut: 1, walletFromRevision: 12, from: T2, openingBalance: 81_700 });
    const later: WalletEvent = { type: 'PayoutCorrected', data: { ...move(-1_000, 80_700, T3), couponId: 'c1', difference: -1_000, unrecovered: 0 } };
    const second = given([firstBill]).when(cut({ number: 2, walletFromRevision: 12, wallet: entries([later], 12), now: T3 })).outcome;
    if (isDomainError(second)) expect.fail(errorKey(second));
    // A correction of a coupon settled in the first period lands in the second; the first bill stays as it was.
    expect(second[0]!.data).toMatchObject({ number: 2, from: T2, to: T3, walletFromRevision: 12, walletToRevision: 12, openingBalance: 81_700, closingBalance: 80_700, net: 1_000 });
    expect(second[0]!.data.totals).toEqual({ ...ZERO_TOTALS, payouts: -1_000 });
  });

  it('cuts an empty period too: nothing moved, zero totals, the balance carried', () => {
    const empty = given([firstBill]).when(cut({ number: 2, walletFromRevision: 12, wallet: [], now: T3 })).outcome;
    if (isDomainError(empty)) expect.fail(errorKey(empty));
    expect(empty[0]!.data).toMatchObject({ walletFromRevision: 12, walletToRevision: 11, openingBalance: 81_700, closingBalance: 81_700, totals: ZERO_TOTALS, net: 0 });
  });

  it('refuses the loser of two racing cut-offs: the period it read was already cut', () => {
    given([firstBill]).when(cut()).thenFails('billAlreadyCut|1');
    given([firstBill]).when(cut({ number: 2, walletFromRevision: 0 })).thenFails('billAlreadyCut|1');
    given([firstBill]).when(cut({ number: 2, walletFromRevision: 12, wallet: [], now: T2 })).thenFails('billAlreadyCut|1');
  });

  it('refuses a wallet slice with a gap or that starts elsewhere', () => {
    given().when(cut({ wallet: entries(shopDay, 1) })).thenFails('invalidField|wallet');
  });

  it('lets the dealers above the account, admin and operator cut; another dealer, another site and the regulator may not', () => {
    given().when(cut({ actor: { ...dealer, userId: 'top1', role: 'topDealer' } })).then([{ ...firstBill, data: { ...firstBill.data, cutBy: { userId: 'top1', userName: 'kdealer1', role: 'topDealer' } } }]);
    for (const role of ['admin', 'operator'] as const) expect(isDomainError(given().when(cut({ actor: { ...dealer, userId: 'staff', role } })).outcome)).toBe(false);
    given().when(cut({ actor: { ...dealer, userId: 'dealer2' } })).thenFails('thisOperatorNotYour');
    given().when(cut({ actor: { ...dealer, userId: 'admin2', role: 'admin', siteId: 'bahis' } })).thenFails('thisOperatorNotYour');
    given().when(cut({ actor: { ...dealer, userId: 'reg', role: 'regulator' } })).thenFails('permissionDenied|regulator');
    given().when(cut({ actor: { ...dealer, userId: 'shop1', role: 'terminal' } })).thenFails('thisOperatorNotYour');
  });

  it('lets the account itself and the regulator read the bills, besides those who cut', () => {
    const as = (userId: string, role: 'terminal' | 'regulator' | 'dealer' | 'player', siteId = 'kupon') => checkMayReadBills({ userId, role, siteId, permissions: [] }, shop);
    expect(as('shop1', 'terminal')).toBeNull();
    expect(as('reg', 'regulator')).toBeNull();
    expect(as('dealer1', 'dealer')).toBeNull();
    expect(as('p9', 'player')?.code).toBe('thisOperatorNotYour');
    expect(as('reg', 'regulator', 'bahis')?.code).toBe('thisOperatorNotYour');
  });
});

describe('period fold', () => {
  it('adds deposits, withdrawals net of releases, bonuses and casino rounds; closing − opening is the movement of the totals', () => {
    const events: WalletEvent[] = [
      { type: 'DepositRequested', data: { ...move(5_000, 500), transferId: 'd1', request: {} as never } },
      { type: 'DepositCredited', data: { ...move(5_000, 5_500), transferId: 'd1' } },
      { type: 'BonusCredited', data: { ...move(200, 5_700), bonusId: 'b1' } },
      { type: 'CasinoBetPlaced', data: { ...move(300, 5_400), provider: 'demo', roundId: 'r1', transactionId: 'x1', gameId: 'g' } as never },
      { type: 'CasinoWinCredited', data: { ...move(900, 6_300), provider: 'demo', roundId: 'r1', transactionId: 'x2', gameId: 'g' } as never },
      { type: 'WithdrawalHeld', data: { ...move(1_000, 5_300), transferId: 'w1', request: {} as never } },
      { type: 'WithdrawalPaid', data: { ...move(1_000, 5_300), transferId: 'w1' } },
      { type: 'CreditLimitSet', data: { reference: 'l', creditLimit: 9_000, byUserId: 'd', at: T1 } },
    ];
    const { totals, closingBalance } = foldPeriod(events, 500);
    expect(totals).toEqual({ ...ZERO_TOTALS, deposits: 5_000, bonuses: 200, stakes: 300, payouts: 900, withdrawals: 1_000 });
    expect(closingBalance).toBe(5_300);
    expect(closingBalance - 500).toBe(balanceMovementOf(totals));
    expect(netOf(totals)).toBe(-600);
  });
});
