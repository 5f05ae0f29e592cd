import { describe, expect, it } from 'vitest';
import type { WalletEvent } from '../wallet/stream';
import { deposited, opened } from '../wallet/testing/given';
import { walletDecider } from '../wallet/decider';
import { isDomainError } from '../shared/decider';
import type { CasinoWalletEvent } from './events';
import { AT, context, given, givenCatalog, SLOT } from './testing/given';

const ROUND = { provider: 'demo', serviceId: SLOT.serviceId, masterServiceId: SLOT.masterServiceId, roundId: 'r1' };
const bet = (transactionId: string, amount: number, balance: number, roundId = 'r1'): CasinoWalletEvent => ({
  type: 'CasinoBetPlaced',
  data: { reference: `casino:demo:bet:${transactionId}`, amount, balance, at: AT, ...ROUND, roundId, transactionId },
});
const win = (transactionId: string, amount: number, balance: number, roundId = 'r1'): CasinoWalletEvent => ({
  type: 'CasinoWinCredited',
  data: { reference: `casino:demo:win:${transactionId}`, amount, balance, at: AT, ...ROUND, roundId, transactionId },
});
const placeBet = (transactionId: string, amount: number, roundId = 'r1') => ({ type: 'PlaceCasinoBet' as const, provider: 'demo', serviceId: SLOT.serviceId, roundId, transactionId, amount, currency: 'TRY', now: AT });
const creditWin = (transactionId: string, amount: number, roundId = 'r1') => ({ type: 'CreditCasinoWin' as const, provider: 'demo', serviceId: SLOT.serviceId, roundId, transactionId, amount, currency: 'TRY', now: AT });
const rollBack = (transactionId: string, betTransactionId: string, roundId = 'r1') => ({ type: 'RollBackCasinoBet' as const, provider: 'demo', serviceId: SLOT.serviceId, roundId, transactionId, betTransactionId, now: AT });

const funded: WalletEvent[] = [opened(), deposited(5_000, 5_000)];

describe('casino rounds on the seamless wallet', () => {
  it('debits a bet the balance covers, keyed by the provider transaction', () => {
    given(funded).when(placeBet('t1', 1_000)).then([bet('t1', 1_000, 4_000)]);
  });

  it('credits a win on a round that has a bet', () => {
    given([...funded, bet('t1', 1_000, 4_000)]).when(creditWin('w1', 2_500)).then([win('w1', 2_500, 6_500)]);
  });

  it('records a lost round as a win of 0 that moves nothing', () => {
    given([...funded, bet('t1', 1_000, 4_000)]).when(creditWin('w1', 0)).then([win('w1', 0, 4_000)]);
  });

  it('answers a replayed bet, win or rollback with nothing new: money moves once per provider transaction', () => {
    given([...funded, bet('t1', 1_000, 4_000)]).when(placeBet('t1', 1_000)).then([]);
    given([...funded, bet('t1', 1_000, 4_000), win('w1', 2_500, 6_500)]).when(creditWin('w1', 2_500)).then([]);
    const rolledBack: CasinoWalletEvent = { type: 'CasinoRoundRolledBack', data: { reference: 'casino:demo:rollback:t1', amount: 1_000, balance: 5_000, at: AT, ...ROUND, transactionId: 'rb1', betTransactionId: 't1' } };
    given([...funded, bet('t1', 1_000, 4_000), rolledBack]).when(rollBack('rb2', 't1')).then([]);
  });

  it('gives a bet back once on rollback', () => {
    given([...funded, bet('t1', 1_000, 4_000)])
      .when(rollBack('rb1', 't1'))
      .then([{ type: 'CasinoRoundRolledBack', data: { reference: 'casino:demo:rollback:t1', amount: 1_000, balance: 5_000, at: AT, ...ROUND, transactionId: 'rb1', betTransactionId: 't1' } }]);
  });

  it('records a rollback of a bet it never saw, moving nothing, and then refuses that bet: transactionCanceled', () => {
    const tombstone: CasinoWalletEvent = { type: 'CasinoRoundRolledBack', data: { reference: 'casino:demo:rollback:t9', amount: 0, balance: 5_000, at: AT, ...ROUND, transactionId: 'rb9', betTransactionId: 't9' } };
    given(funded).when(rollBack('rb9', 't9')).then([tombstone]);
    given([...funded, tombstone]).when(placeBet('t9', 1_000)).thenFails('transactionCanceled');
  });

  it('refuses a win on a round whose bets were all given back, and a rollback after the round won', () => {
    const rolledBack: CasinoWalletEvent = { type: 'CasinoRoundRolledBack', data: { reference: 'casino:demo:rollback:t1', amount: 1_000, balance: 5_000, at: AT, ...ROUND, transactionId: 'rb1', betTransactionId: 't1' } };
    given([...funded, bet('t1', 1_000, 4_000), rolledBack]).when(creditWin('w1', 2_000)).thenFails('transactionCanceled');
    given([...funded, bet('t1', 1_000, 4_000), win('w1', 2_000, 6_000)]).when(rollBack('rb1', 't1')).thenFails('casinoRoundClosed');
    given([...funded, bet('t1', 1_000, 4_000), win('w1', 2_000, 6_000)]).when(placeBet('t2', 1_000)).thenFails('casinoRoundClosed');
  });

  it('refuses a win on a round it never saw a bet of', () => {
    given(funded).when(creditWin('w1', 100, 'r404')).thenFails('casinoRoundNotFound');
  });

  it('refuses a stake outside the game limits: serviceLimitError', () => {
    given(funded).when(placeBet('t1', 99)).thenFails('serviceLimitError');
    given([opened(), deposited(50_000, 50_000)]).when(placeBet('t1', 10_001)).thenFails('serviceLimitError');
    given([opened(), deposited(50_000, 50_000)]).when(placeBet('t1', 10_000)).then([bet('t1', 10_000, 40_000)]);
  });

  it('refuses a bet above the balance: Insufficient credit!', () => {
    given([opened(), deposited(999, 999)]).when(placeBet('t1', 1_000)).thenFails('insufficientCredit');
  });

  it('refuses a player without the product flag of the game (slotUser for slots, casinoUser for live casino)', () => {
    given(funded).when(placeBet('t1', 1_000), context(SLOT, { slotUser: 0 })).thenFails('permissionDenied|slotUser');
    given(funded).when(placeBet('t1', 1_000), context({ ...SLOT, product: 'livecasino' }, { casinoUser: 0 })).thenFails('permissionDenied|casinoUser');
  });

  it('refuses a game the catalogue does not list, or another currency', () => {
    given(funded).when(placeBet('t1', 1_000), context(null)).thenFails('casinoGameNotFound');
    given(funded).when({ ...placeBet('t1', 1_000), currency: 'EUR' }).thenFails('currencyMismatch|EUR|TRY');
  });

  it('never lets a dealer credit line fund a bet', () => {
    given([opened('d1', 'dealer'), { type: 'CreditLimitSet', data: { reference: 'lim', creditLimit: 10_000, byUserId: 'a', at: AT } }]).when(placeBet('t1', 1_000)).thenFails('permissionDenied|slotUser');
  });

  it('shares one state with the wallet: a coupon stake after a bet sees the lower balance', () => {
    const state = [...funded, bet('t1', 4_500, 500)].reduce(walletDecider.evolve, walletDecider.initialState);
    const outcome = walletDecider.decide({ type: 'AdjustBalance', reference: 'adj', now: AT, amount: -600, reason: 'x', byUserId: 's' }, state, undefined);
    expect(isDomainError(outcome) && outcome.code).toBe('insufficientCredit');
  });
});

describe('casino catalogue', () => {
  it('lists a provider’s new and changed games and delists the ones it dropped; the same listing again decides nothing', () => {
    const dice = { ...SLOT, serviceId: 90002, title: 'Kupon Dice', listOrder: 2 };
    const first = [
      { type: 'CasinoGameListed' as const, data: { game: SLOT, at: AT } },
      { type: 'CasinoGameListed' as const, data: { game: dice, at: AT } },
    ];
    givenCatalog().when({ type: 'ListCasinoGames', provider: 'demo', games: [SLOT, dice], now: AT }).then(first);
    givenCatalog(first).when({ type: 'ListCasinoGames', provider: 'demo', games: [SLOT, dice], now: AT }).then([]);
    givenCatalog(first)
      .when({ type: 'ListCasinoGames', provider: 'demo', games: [{ ...SLOT, maxStake: 20_000 }], now: AT })
      .then([
        { type: 'CasinoGameListed', data: { game: { ...SLOT, maxStake: 20_000 }, at: AT } },
        { type: 'CasinoGameDelisted', data: { provider: 'demo', serviceId: 90002, at: AT } },
      ]);
  });

  it('refuses a listing with a game of another provider or impossible limits', () => {
    givenCatalog().when({ type: 'ListCasinoGames', provider: 'other', games: [SLOT], now: AT }).thenFails('invalidField|provider');
    givenCatalog().when({ type: 'ListCasinoGames', provider: 'demo', games: [{ ...SLOT, minStake: 500, maxStake: 100 }], now: AT }).thenFails('invalidField|90001');
  });
});
