import { type Currency, type DomainError, domainError, type FormField, isDomainError, MINOR_PER_UNIT, type TransferDirection, transferDecider, type TransferRequest, transferStream, validatePaymentForm, walletDecider, walletStream } from '@kupon/domain';
import { TRANSFER_FLOW } from '../reactors/transfer-flow';
import { derivedId } from '../runner/derived-id';
import { type Requester, requestMetaOf } from '../runner/meta';
import { refused, type Result } from '../runner/result';
import type { StreamCommands } from '../runner/stream-commands';
import { openWallet, type WalletOwner } from '../wallet/open-wallet';

/** A COMMUNITY_BANK method's bank: its fixed amounts (minor units); none: unavailable now. */
export interface PaymentBank {
  readonly name: string;
  readonly swiftcode: string;
  readonly amounts: readonly number[];
}

/** The paytype a request names, as the site offers it (spec §3): its form, amounts, banks and the provider that carries it. */
export interface PaymentChoice {
  readonly payId: number;
  readonly payCatId: number;
  /** The provider adapter (`whichApi`), or `staff` for one confirmed by hand. */
  readonly provider: string;
  readonly fields: readonly FormField[];
  /** Minor units; a max of 0 is no upper bound. */
  readonly minAmount: number;
  readonly maxAmount: number;
  readonly banks: readonly PaymentBank[];
}

/** A deposit or withdrawal request (spec §7 `setTransferRequest`), already parsed. */
export interface PaymentRequestInput {
  readonly owner: WalletOwner;
  /** The currency the wallet is opened in if this is its first use. */
  readonly currency: Currency;
  readonly siteId: string;
  readonly direction: TransferDirection;
  /** The paytype as the site offers it; null when it offers no such one (or no running provider carries it). */
  readonly method: PaymentChoice | null;
  /** The form as filled in, by field name. */
  readonly values: Readonly<Record<string, string>>;
  /** The amount when the form has no amount field (minor units). */
  readonly amount: number | undefined;
  /** The client's request id: the transfer id and every event id derive from it. */
  readonly requestId: string;
  readonly by: Requester;
  readonly now: Date;
}

/**
 * Opens a payment request: the §5 form, the amount within the paytype's (and a community bank's)
 * amounts, then on the wallet a requested deposit or a held withdrawal, and the transfer stream from
 * it (with the event id the transfer-flow reactor would use). A retried request opens nothing new
 * and answers with the transfer as first stored.
 */
export async function requestPayment(commands: StreamCommands, input: PaymentRequestInput): Promise<Result<{ readonly transfer: TransferRequest }>> {
  const { method, owner, requestId, now } = input;
  if (!method) return refused(domainError('paymentMethodNotFound'));
  const form = validatePaymentForm(method.fields, input.values);
  if (isDomainError(form)) return refused(form);
  const amount = form.amount !== null ? form.amount * MINOR_PER_UNIT : input.amount;
  if (amount === undefined) return refused(domainError('isRequiredArea', 'amount'));
  const bankProblem = communityBankProblem(method.banks, form.values, amount);
  if (bankProblem) return refused(bankProblem);
  if (amount < method.minAmount || (method.maxAmount > 0 && amount > method.maxAmount)) return refused(domainError('amountOutOfRange', method.minAmount, method.maxAmount));

  const wallet = await openWallet({ commands, clock: () => now }, owner, input.currency);
  const transferId = derivedId('transfer', owner.userId, requestId);
  const transfer: TransferRequest = {
    transferId,
    accountId: owner.userId,
    siteId: input.siteId,
    direction: input.direction,
    amount,
    currency: wallet.currency,
    payId: method.payId,
    payCatId: method.payCatId,
    provider: method.provider,
    values: form.values,
    requestedAt: now.toISOString(),
  };
  const meta = requestMetaOf(input.by, requestId, 'transfer', now);
  if (!wallet.references.has(requestId)) {
    const command = input.direction === 'deposit' ? ({ type: 'RequestDeposit', reference: requestId, now: now.toISOString(), request: transfer } as const) : ({ type: 'HoldWithdrawal', reference: requestId, now: now.toISOString(), request: transfer } as const);
    const held = await commands.run(walletStream(owner.userId), walletDecider, command, meta);
    if (!held.ok) return held;
    // The transfer stream, opened with the event id the transfer-flow reactor would use.
    const opened = await commands.run(transferStream(transferId), transferDecider, { type: 'OpenTransfer', request: transfer }, { ...meta, eventId: (index) => derivedId(TRANSFER_FLOW, meta.eventId(0), String(index)) });
    if (!opened.ok) return opened;
  }
  const { state } = await commands.load(transferStream(transferId), transferDecider);
  return { ok: true, transfer: state.status === 'none' ? transfer : state.request };
}

/** COMMUNITY_BANK: the chosen bank must exist and offer the chosen amount (a bank with none is unavailable now). */
function communityBankProblem(banks: readonly PaymentBank[], values: readonly { name: string; value: string }[], amount: number): DomainError | null {
  if (banks.length === 0) return null;
  const chosen = values.find((v) => v.name === 'bank')?.value;
  const bank = banks.find((b) => b.swiftcode === chosen);
  if (!bank) return domainError('isRequiredArea', 'bank');
  if (bank.amounts.length === 0) return domainError('bankUnavailable', bank.name);
  if (!bank.amounts.includes(amount)) return domainError('amountOutOfRange', Math.min(...bank.amounts), Math.max(...bank.amounts));
  return null;
}
