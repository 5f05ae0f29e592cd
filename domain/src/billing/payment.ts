import type { ActingUser } from '../identity/commands';
import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { BilledAccount } from './commands';
import type { BillCutter } from './events';
import { checkMayCutOff } from './rules';

/**
 * Marking a cut bill paid (api/BILLS.md "Paid"): the dealer (or admin, operator) records that the net of
 * a bill was settled between the account and its dealer: who, when, and an optional reference (a receipt
 * number, a bank transfer's id). One stream per bill, `billpaid-<accountId>-<number>`, so a bill is
 * marked once: of two racing marks the append of the second expects the empty stream and is decided
 * again on the paid state, which refuses it with `billAlreadyPaid|number`.
 */
export interface MarkBillPaid {
  readonly type: 'MarkBillPaid';
  readonly account: BilledAccount;
  readonly actor: ActingUser & BillCutter;
  readonly number: number;
  /** Bills cut so far on the account's bill stream, as the handler read it: only a cut bill is paid. */
  readonly cut: number;
  readonly reference: string | null;
  readonly now: string;
}

export interface BillMarkedPaid {
  readonly type: 'BillMarkedPaid';
  readonly data: {
    readonly accountId: string;
    readonly siteId: string;
    readonly number: number;
    readonly reference: string | null;
    readonly paidBy: BillCutter;
    readonly at: string;
  };
}

export type BillPaymentEvent = BillMarkedPaid;
export const BILL_PAYMENT_EVENT_TYPES = ['BillMarkedPaid'] as const satisfies readonly BillPaymentEvent['type'][];

export type BillPaymentState = { readonly status: 'unpaid' } | { readonly status: 'paid'; readonly paid: BillMarkedPaid['data'] };

export const MAX_BILL_REFERENCE = 100;

export function billPaymentStream(accountId: string, number: number): string {
  return `billpaid-${accountId}-${number}`;
}

function evolve(_state: BillPaymentState, event: BillPaymentEvent): BillPaymentState {
  switch (event.type) {
    case 'BillMarkedPaid':
      return { status: 'paid', paid: event.data };
    default:
      return assertNever(event.type);
  }
}

function decide(command: MarkBillPaid, state: BillPaymentState): readonly BillPaymentEvent[] | DomainError {
  switch (command.type) {
    case 'MarkBillPaid': {
      const refused = checkMayCutOff(command.actor, command.account);
      if (refused) return refused;
      if (!Number.isInteger(command.number) || command.number < 1 || command.number > command.cut) return domainError('noSuchBill', command.number);
      if (state.status === 'paid') return domainError('billAlreadyPaid', command.number);
      const reference = command.reference?.trim() ?? '';
      if (reference.length > MAX_BILL_REFERENCE) return domainError('invalidField', 'reference');
      const { userId, userName, role } = command.actor;
      return [
        {
          type: 'BillMarkedPaid',
          data: {
            accountId: command.account.accountId,
            siteId: command.account.siteId,
            number: command.number,
            reference: reference === '' ? null : reference,
            paidBy: { userId, userName, role },
            at: command.now,
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}

export const billPaymentDecider: Decider<BillPaymentState, MarkBillPaid, BillPaymentEvent> = {
  initialState: { status: 'unpaid' },
  evolve,
  decide,
};
