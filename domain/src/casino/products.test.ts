import { describe, expect, it } from 'vitest';
import type { WalletEvent } from '../wallet/stream';
import { deposited, opened } from '../wallet/testing/given';
import { CASINO_PRODUCTS, type CasinoGame, PRODUCT_FLAG } from './games';
import { AT, context, given, givenCatalog, SLOT } from './testing/given';

const funded: WalletEvent[] = [opened(), deposited(5_000, 5_000)];

const TOMBALA: CasinoGame = { ...SLOT, serviceId: 90101, masterServiceId: 910, product: 'bingo', title: 'Kupon Tombala', company_name: 'Kupon Tombala', maxStake: 4_000 };
const FOOTBALL: CasinoGame = { ...SLOT, serviceId: 90201, masterServiceId: 920, product: 'virtual', title: 'Kupon Virtual Football', company_name: 'Kupon Virtual' };
const WHEEL: CasinoGame = { ...SLOT, serviceId: 90301, masterServiceId: 930, product: 'tvgames', title: 'Kupon Çarkı', company_name: 'Kupon TV' };

const placeBet = (game: CasinoGame, transactionId: string, amount: number) => ({ type: 'PlaceCasinoBet' as const, provider: 'demo', serviceId: game.serviceId, roundId: `r-${transactionId}`, transactionId, amount, currency: 'TRY', now: AT });

describe('bingo, virtual and TV games on the seamless wallet', () => {
  it('each product is played under its own §6 product flag', () => {
    expect(CASINO_PRODUCTS.map((product) => [product, PRODUCT_FLAG[product]])).toEqual([
      ['slot', 'slotUser'],
      ['livecasino', 'casinoUser'],
      ['bingo', 'bingoUser'],
      ['virtual', 'virtualUser'],
      ['tvgames', 'tvgamesUser'],
      ['racing', 'virtualUser'],
      ['lotto', 'tvgamesUser'],
      ['virtualleague', 'virtualUser'],
      ['betgames', 'tvgamesUser'],
      ['mintGaming', 'slotUser'],
      ['virtualSports', 'virtualUser'],
    ]);
  });

  it('given a player without the virtual flag, when they bet on a racing game, then it is refused under virtualUser; the slot flag does not open it', () => {
    const RACE: CasinoGame = { ...SLOT, serviceId: 91001, masterServiceId: 1010, product: 'racing', title: 'Kupon Derby', company_name: 'Kupon Racing' };
    given(funded).when(placeBet(RACE, 't1', 1_000), context(RACE, { virtualUser: 0, slotUser: 1 })).thenFails('permissionDenied|virtualUser');
    given(funded).when(placeBet(RACE, 't1', 1_000), context(RACE, { virtualUser: 1, slotUser: 0 })).then([expect.objectContaining({ type: 'CasinoBetPlaced' }) as never]);
  });

  it.each([
    [TOMBALA, 'bingoUser'],
    [FOOTBALL, 'virtualUser'],
    [WHEEL, 'tvgamesUser'],
  ] as const)('given a funded player, when they bet on %s, then the bet is debited like a casino bet; without %s it is refused', (game, flag) => {
    given(funded)
      .when(placeBet(game, 't1', 1_000), context(game))
      .then([
        {
          type: 'CasinoBetPlaced',
          data: { reference: 'casino:demo:bet:t1', amount: 1_000, balance: 4_000, at: AT, provider: 'demo', serviceId: game.serviceId, masterServiceId: game.masterServiceId, roundId: 'r-t1', transactionId: 't1' },
        },
      ]);
    given(funded).when(placeBet(game, 't1', 1_000), context(game, { [flag]: 0 })).thenFails(`permissionDenied|${flag}`);
  });

  it('given a player with only the bingo flag, when they bet on a slot, then the slot flag still decides', () => {
    const onlyBingo = { slotUser: 0, casinoUser: 0, virtualUser: 0, tvgamesUser: 0, bingoUser: 1 } as const;
    given(funded).when(placeBet(SLOT, 't1', 1_000), context(SLOT, onlyBingo)).thenFails('permissionDenied|slotUser');
    given(funded).when(placeBet(TOMBALA, 't1', 1_000), context(TOMBALA, onlyBingo)).then([expect.objectContaining({ type: 'CasinoBetPlaced' }) as never]);
  });

  it('given the tombala game, when a bet is over its maximum (the price of four cards), then the stake limit refuses it', () => {
    given(funded).when(placeBet(TOMBALA, 't1', 4_100), context(TOMBALA)).thenFails('serviceLimitError');
  });

  it('lists games of the new products in the catalogue beside the slots', () => {
    const games = [SLOT, TOMBALA, FOOTBALL, WHEEL];
    givenCatalog()
      .when({ type: 'ListCasinoGames', provider: 'demo', games, now: AT })
      .then(games.map((game) => ({ type: 'CasinoGameListed', data: { game, at: AT } })));
  });
});
