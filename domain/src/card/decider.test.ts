import { describe, expect, it } from 'vitest';
import { errorKey, isDomainError } from '../shared/decider';
import { walletDecider, type WalletState } from '../wallet/decider';
import type { WalletCommand } from '../wallet/commands';
import type { WalletEvent } from '../wallet/stream';
import type { CardCommand } from './commands';
import { cardDecider, type CardState } from './decider';
import type { CardEvent, IssuedCard } from './events';

const AT = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-26T10:00:00.000Z';
const card: IssuedCard = {
  cardId: 'c1',
  siteId: 'site-1',
  dealerId: 'd1',
  number: '1234567890123456',
  pinHash: 'hash-of-pin',
  amount: 5000,
  currency: 'TRY',
  batch: 'team A',
  issuedAt: AT,
  expiresAt: '2026-12-01T00:00:00.000Z',
};
const issued: CardEvent = { type: 'CardIssued', data: card };
const redeem = (playerId = 'p1', pinHash = 'hash-of-pin', now = LATER): CardCommand => ({ type: 'RedeemCard', playerId, siteId: 'site-1', pinHash, now });

function given(events: readonly CardEvent[]) {
  const state = events.reduce<CardState>(cardDecider.evolve, cardDecider.initialState);
  return {
    when(command: CardCommand) {
      const outcome = cardDecider.decide(command, state, undefined);
      return {
        then: (expected: readonly CardEvent[]) => {
          if (isDomainError(outcome)) expect.fail(errorKey(outcome));
          expect(outcome).toEqual(expected);
        },
        thenFails: (code: string) => {
          if (!isDomainError(outcome)) expect.fail(`expected ${code}, got ${JSON.stringify(outcome)}`);
          expect(outcome.code).toBe(code);
        },
      };
    },
  };
}

const redeemed: CardEvent = { type: 'CardRedeemed', data: { cardId: 'c1', playerId: 'p1', dealerId: 'd1', amount: 5000, at: LATER } };

describe('card decider', () => {
  it('is issued once from the funding that paid for it', () => {
    given([]).when({ type: 'IssueCard', card }).then([issued]);
    given([issued]).when({ type: 'IssueCard', card }).then([]);
  });

  it('is redeemed once, with its amount, by the holder of the right PIN', () => {
    given([issued]).when(redeem()).then([redeemed]);
    given([issued, redeemed]).when(redeem()).then([]);
    given([issued, redeemed]).when(redeem('p2')).thenFails('cardAlreadyRedeemed');
  });

  it('answers a wrong PIN, an unknown number, another site and a cancelled card with the same vague refusal', () => {
    given([issued]).when(redeem('p1', 'wrong')).thenFails('cardNotFound');
    given([]).when(redeem()).thenFails('cardNotFound');
    given([issued]).when({ type: 'RedeemCard', playerId: 'p1', siteId: 'site-2', pinHash: 'hash-of-pin', now: LATER }).thenFails('cardNotFound');
    const cancelled: CardEvent = { type: 'CardCancelled', data: { cardId: 'c1', dealerId: 'd1', amount: 5000, byUserId: 'd1', at: LATER } };
    given([issued, cancelled]).when(redeem()).thenFails('cardNotFound');
    given([issued, redeemed]).when(redeem('p2', 'wrong')).thenFails('cardNotFound');
  });

  it('cannot be redeemed once expired, and expires only after its time', () => {
    given([issued]).when(redeem('p1', 'hash-of-pin', '2026-12-01T00:00:00.000Z')).thenFails('cardExpired');
    given([issued]).when({ type: 'ExpireCard', now: LATER }).then([]);
    given([issued]).when({ type: 'ExpireCard', now: '2026-12-02T00:00:00.000Z' }).then([{ type: 'CardExpired', data: { cardId: 'c1', dealerId: 'd1', amount: 5000, at: '2026-12-02T00:00:00.000Z' } }]);
    given([issued, redeemed]).when({ type: 'ExpireCard', now: '2026-12-02T00:00:00.000Z' }).then([]);
  });

  it('is cancelled by its dealer only while unredeemed', () => {
    const cancelled: CardEvent = { type: 'CardCancelled', data: { cardId: 'c1', dealerId: 'd1', amount: 5000, byUserId: 'd1', at: LATER } };
    given([issued]).when({ type: 'CancelCard', byUserId: 'd1', allowed: true, now: LATER }).then([cancelled]);
    given([issued, cancelled]).when({ type: 'CancelCard', byUserId: 'd1', allowed: true, now: LATER }).then([]);
    given([issued, redeemed]).when({ type: 'CancelCard', byUserId: 'd1', allowed: true, now: LATER }).thenFails('cardAlreadyRedeemed');
    given([issued]).when({ type: 'CancelCard', byUserId: 'd2', allowed: false, now: LATER }).thenFails('cardNotFound');
  });
});

describe('wallet: paying for cards', () => {
  const dealer = (balance: number, creditLimit = 0): WalletState =>
    [
      { type: 'WalletOpened', data: { accountId: 'd1', ownerKind: 'dealer', currency: 'TRY', siteId: 'site-1', at: AT } },
      { type: 'BalanceAdjusted', data: { reference: 'r0', amount: balance, balance, at: AT, reason: 'opening', byUserId: 'admin' } },
      { type: 'CreditLimitSet', data: { reference: 'r1', creditLimit, byUserId: 'admin', at: AT } },
    ].reduce<WalletState>((s, e) => walletDecider.evolve(s, e as WalletEvent), walletDecider.initialState);
  const fund = (cards: readonly IssuedCard[]): WalletCommand => ({ type: 'FundCards', reference: 'req-1', now: AT, cards });

  it('debits one CardFunded per card, all of the batch or none', () => {
    const two = [card, { ...card, cardId: 'c2', number: '2' }];
    const outcome = walletDecider.decide(fund(two), dealer(10_000), undefined);
    if (isDomainError(outcome)) expect.fail(errorKey(outcome));
    expect(outcome.map((e) => [e.type, 'amount' in e.data ? e.data.amount : null, 'balance' in e.data ? e.data.balance : null])).toEqual([
      ['CardFunded', 5000, 5000],
      ['CardFunded', 5000, 0],
    ]);
    expect(walletDecider.decide(fund(two), dealer(9_999), undefined)).toMatchObject({ code: 'cardLimitInsufficient' });
  });

  it('lets a dealer pay for cards out of its credit line, not beyond it', () => {
    expect(isDomainError(walletDecider.decide(fund([card]), dealer(0, 5000), undefined))).toBe(false);
    expect(walletDecider.decide(fund([card]), dealer(0, 4999), undefined)).toMatchObject({ code: 'cardLimitInsufficient' });
  });

  it('credits a redeem once per reference', () => {
    const command: WalletCommand = { type: 'CreditCardRedeem', reference: 'redeemed-event', now: AT, cardId: 'c1', dealerId: 'd1', amount: 5000 };
    const first = walletDecider.decide(command, dealer(0), undefined);
    if (isDomainError(first)) expect.fail(errorKey(first));
    const after = first.reduce(walletDecider.evolve, dealer(0));
    expect(walletDecider.decide(command, after, undefined)).toEqual([]);
  });
});
