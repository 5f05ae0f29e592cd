import type { CreditCut, CreditSent } from '@kupon/domain';
import { walletCommand } from './money';
import type { Reactor } from './reactor-runner';

export const CREDIT_HANDOVER = 'credit-handover';

/** Dealer credit between two wallets: `CreditSent` on the parent's → `CreditReceived` on the child's; `CreditCut` on the child's → `CreditReturned` on the parent's. */
export const creditHandover: Reactor = {
  name: CREDIT_HANDOVER,
  handles: ['CreditSent', 'CreditCut'],
  async react(event, commands) {
    const accountId = event.streamName.slice('wallet-'.length);
    const base = { reference: event.id, now: event.metadata.at };
    if (event.type === 'CreditSent') {
      const { toAccountId, amount, transferId } = event.data as unknown as CreditSent['data'];
      return walletCommand(CREDIT_HANDOVER, commands, toAccountId, event, { type: 'ReceiveCredit', ...base, transferId, fromAccountId: accountId, amount });
    }
    const { toAccountId, amount, transferId } = event.data as unknown as CreditCut['data'];
    return walletCommand(CREDIT_HANDOVER, commands, toAccountId, event, { type: 'ReturnCredit', ...base, transferId, fromAccountId: accountId, amount });
  },
};
