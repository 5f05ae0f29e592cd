import { Map as ImmutableMap } from 'immutable';
import { assertNever } from '../shared/decider';
import type { Minor } from '../shared/money';
import type { CasinoWalletEvent } from './events';

export interface CasinoBetEntry {
  readonly amount: Minor;
  readonly roundId: string;
  readonly serviceId: number;
  readonly masterServiceId: number;
  readonly rolledBack: boolean;
}

export interface CasinoRoundEntry {
  readonly serviceId: number;
  readonly masterServiceId: number;
  /** Bets of the round not given back. */
  readonly openBets: number;
  readonly won: boolean;
}

/**
 * The casino part of a wallet's state, folded by the wallet's own `evolve` (so one cached fold of a
 * busy wallet serves coupons and casino alike): each bet by provider transaction, each round.
 */
export interface CasinoLedger {
  /** `provider|transactionId` → the bet (a rollback that came first leaves a given-back entry of 0). */
  readonly bets: ImmutableMap<string, CasinoBetEntry>;
  /** `provider|roundId` → the round. */
  readonly rounds: ImmutableMap<string, CasinoRoundEntry>;
}

export const EMPTY_CASINO_LEDGER: CasinoLedger = { bets: ImmutableMap(), rounds: ImmutableMap() };

export const keyOf = (provider: string, id: string): string => `${provider}|${id}`;

export function evolveCasinoLedger(ledger: CasinoLedger, event: CasinoWalletEvent): CasinoLedger {
  const { provider, serviceId, masterServiceId, roundId } = event.data;
  const roundKey = keyOf(provider, roundId);
  const round = ledger.rounds.get(roundKey) ?? { serviceId, masterServiceId, openBets: 0, won: false };
  switch (event.type) {
    case 'CasinoBetPlaced':
      return {
        bets: ledger.bets.set(keyOf(provider, event.data.transactionId), { amount: event.data.amount, roundId, serviceId, masterServiceId, rolledBack: false }),
        rounds: ledger.rounds.set(roundKey, { ...round, openBets: round.openBets + 1 }),
      };
    case 'CasinoWinCredited':
      return { ...ledger, rounds: ledger.rounds.set(roundKey, { ...round, won: true }) };
    case 'CasinoRoundRolledBack': {
      const betKey = keyOf(provider, event.data.betTransactionId);
      const bet = ledger.bets.get(betKey);
      if (!bet) return { ...ledger, bets: ledger.bets.set(betKey, { amount: 0, roundId, serviceId, masterServiceId, rolledBack: true }) };
      return {
        bets: ledger.bets.set(betKey, { ...bet, rolledBack: true }),
        rounds: bet.rolledBack ? ledger.rounds : ledger.rounds.set(roundKey, { ...round, openBets: Math.max(0, round.openBets - 1) }),
      };
    }
    default:
      return assertNever(event);
  }
}
