import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { Minor } from '../shared/money';
import type { BillCommand } from './commands';
import type { BillEvent } from './events';
import { checkMayCutOff, foldPeriod, netOf } from './rules';

/**
 * One bill stream per account: `bill-<accountId>`. The state is where the open period starts: which
 * bill it will be, the wallet revision it begins at, the moment and the balance it opened with.
 */
export interface BillState {
  readonly status: 'open';
  /** Bills cut so far; the open period is bill `cut + 1`. */
  readonly cut: number;
  readonly walletFromRevision: number;
  readonly from: string | null;
  readonly openingBalance: Minor;
}

export function billStream(accountId: string): string {
  return `bill-${accountId}`;
}

function evolve(state: BillState, event: BillEvent): BillState {
  switch (event.type) {
    case 'BillCutOff': {
      const d = event.data;
      return { status: 'open', cut: d.number, walletFromRevision: d.walletToRevision + 1, from: d.to, openingBalance: d.closingBalance };
    }
    default:
      return assertNever(event.type);
  }
}

function decide(command: BillCommand, state: BillState): readonly BillEvent[] | DomainError {
  switch (command.type) {
    case 'CutOffBill': {
      const refused = checkMayCutOff(command.actor, command.account);
      if (refused) return refused;
      // Another cut-off got there first: what this one read is no longer the open period.
      if (command.number !== state.cut + 1 || command.walletFromRevision !== state.walletFromRevision) return domainError('billAlreadyCut', state.cut);
      if (state.from !== null && command.now <= state.from) return domainError('billAlreadyCut', state.cut);
      let expected = state.walletFromRevision;
      for (const entry of command.wallet) {
        if (entry.revision !== expected) return domainError('invalidField', 'wallet');
        expected++;
      }
      const { totals, closingBalance } = foldPeriod(
        command.wallet.map((entry) => entry.event),
        state.openingBalance,
      );
      const { userId, userName, role } = command.actor;
      return [
        {
          type: 'BillCutOff',
          data: {
            accountId: command.account.accountId,
            siteId: command.account.siteId,
            number: command.number,
            from: state.from,
            to: command.now,
            walletFromRevision: state.walletFromRevision,
            walletToRevision: expected - 1,
            openingBalance: state.openingBalance,
            closingBalance,
            totals,
            net: netOf(totals),
            cutBy: { userId, userName, role },
            at: command.now,
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}

export const billDecider: Decider<BillState, BillCommand, BillEvent> = {
  initialState: { status: 'open', cut: 0, walletFromRevision: 0, from: null, openingBalance: 0 },
  evolve,
  decide,
};
