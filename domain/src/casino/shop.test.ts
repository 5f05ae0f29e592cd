import { describe, it } from 'vitest';
import { deposited, opened } from '../wallet/testing/given';
import type { CasinoWalletEvent } from './events';
import type { CasinoGame } from './games';
import { AT, context, given, SLOT } from './testing/given';

const TOMBALA: CasinoGame = { ...SLOT, serviceId: 90101, masterServiceId: 910, product: 'bingo', title: 'Kupon Tombala', minStake: 100, maxStake: 4_000 };
const placeBet = (game: CasinoGame, transactionId: string, amount: number) => ({ type: 'PlaceCasinoBet' as const, provider: 'demo', serviceId: game.serviceId, roundId: 'r1', transactionId, amount, currency: 'TRY', now: AT });
const terminal = (game: CasinoGame, products = {}) => ({ ...context(game, products), terminal: true });

/** A shop terminal's wallet is opened as a dealer-kind wallet: its balance is the shop's cash drawer. */
const drawer = [opened('t1', 'dealer'), deposited(5_000, 5_000)];

describe('a shop terminal sells tombala from its drawer', () => {
  it('given a terminal with cash, when it stakes a tombala round, then the drawer pays the stake', () => {
    const placed: CasinoWalletEvent = {
      type: 'CasinoBetPlaced',
      data: { reference: 'casino:demo:bet:b1', amount: 400, balance: 4_600, at: AT, provider: 'demo', serviceId: TOMBALA.serviceId, masterServiceId: TOMBALA.masterServiceId, roundId: 'r1', transactionId: 'b1' },
    };
    given(drawer).when(placeBet(TOMBALA, 'b1', 400), terminal(TOMBALA)).then([placed]);
  });

  it('given a terminal without the bingo flag, when it stakes tombala, then it is refused with the flag', () => {
    given(drawer).when(placeBet(TOMBALA, 'b1', 400), terminal(TOMBALA, { bingoUser: 0 })).thenFails('permissionDenied|bingoUser');
  });

  it('given a terminal, when it stakes a slot or another product a shop does not sell, then it is refused whatever its flags', () => {
    given(drawer).when(placeBet(SLOT, 'b1', 400), terminal(SLOT)).thenFails('permissionDenied');
    given(drawer).when(placeBet({ ...SLOT, product: 'virtual' }, 'b1', 400), terminal({ ...SLOT, product: 'virtual' })).thenFails('permissionDenied');
  });

  it('given a dealer wallet (not a terminal), when it stakes tombala, then it is refused as before', () => {
    given(drawer).when(placeBet(TOMBALA, 'b1', 400), context(TOMBALA)).thenFails('permissionDenied|bingoUser');
  });

  it('given a terminal with less in the drawer than the cards cost, when it stakes, then insufficientCredit', () => {
    given([opened('t1', 'dealer'), deposited(300, 300)]).when(placeBet(TOMBALA, 'b1', 400), terminal(TOMBALA)).thenFails('insufficientCredit');
  });
});
