import { type DomainError, domainError, isDealerRole, type OpenWalletState, type WalletCommand, walletDecider, walletStream } from '@kupon/domain';
import { derivedId } from '../runner/derived-id';
import { type Requester, requestMetaOf } from '../runner/meta';
import { refused, type Result } from '../runner/result';
import type { StreamCommands } from '../runner/stream-commands';
import { openWallet, walletCurrencyOf, type WalletOwner } from '../wallet/open-wallet';

/** An account as dealer credit needs it: its wallet's owner, where it hangs in the tree. */
export interface CreditAccount extends WalletOwner {
  readonly parentId: string | null;
}

/** What every credit use case is told: who acts (and on which site), the accounts, the site's currency, when. */
interface CreditRequest {
  readonly by: Requester;
  /** The actor's site: an account of another site is not found. */
  readonly siteId: string;
  /** The client's request id: every event id derives from it, so a retry moves nothing new. */
  readonly requestId: string;
  /** The account directory (read side); null for no such account. */
  readonly accountOf: (userId: string) => Promise<CreditAccount | null>;
  /** The site's default currency, a wallet opened on first use is opened in (with the account's own before it). */
  readonly siteCurrency: string | undefined;
  readonly now: Date;
}

export interface SendCreditInput extends CreditRequest {
  readonly toUserId: string;
  /** Minor units. */
  readonly amount: number;
}

export interface CutCreditInput extends CreditRequest {
  readonly fromUserId: string;
  /** Minor units. */
  readonly amount: number;
}

export interface CreditLimitInput extends CreditRequest {
  readonly userId: string;
  /** How far below zero the dealer may go (minor units). */
  readonly creditLimit: number;
}

export interface AdjustBalanceInput extends CreditRequest {
  readonly userId: string;
  /** Minor units, either sign. */
  readonly amount: number;
  readonly reason: string;
}

/** The wallet a credit move leaves behind. */
export type CreditMoved = Result<{ readonly wallet: OpenWalletState }>;

/** §6: a dealer sends credit down to an account it opened, out of its own wallet, in the same currency. */
export async function sendCredit(commands: StreamCommands, input: SendCreditInput): Promise<CreditMoved> {
  const target = await childOf(input, input.toUserId);
  if ('error' in target) return refused(target.error);
  const me = await accountOf(input, input.by.actor.userId);
  if ('error' in me) return refused(me.error);
  const mine = await walletOf(commands, input, me.account);
  const theirs = await walletOf(commands, input, target.account);
  if (mine.currency !== theirs.currency) return refused(domainError('currencyMismatch', mine.currency, theirs.currency));
  const { userId } = input.by.actor;
  const transferId = derivedId('credit', userId, input.requestId);
  const command: WalletCommand = { type: 'SendCredit', reference: input.requestId, now: input.now.toISOString(), transferId, toAccountId: target.account.userId, amount: input.amount };
  return moveThenAnswer(commands, input, userId, command, me.account);
}

/** §6: a dealer cuts credit back up from an account it opened (the command runs on the child's wallet). */
export async function cutCredit(commands: StreamCommands, input: CutCreditInput): Promise<CreditMoved> {
  const target = await childOf(input, input.fromUserId);
  if ('error' in target) return refused(target.error);
  await walletOf(commands, input, target.account);
  const { userId } = input.by.actor;
  const transferId = derivedId('cut', userId, input.requestId);
  // The reference is scoped to the dealer's request.
  const command: WalletCommand = { type: 'CutCredit', reference: `${userId}:${input.requestId}`, now: input.now.toISOString(), transferId, toAccountId: userId, amount: input.amount, byUserId: userId };
  const moved = await move(commands, input, target.account.userId, command);
  if (!moved.ok) return moved;
  const me = await accountOf(input, userId);
  if ('error' in me) return refused(me.error);
  return { ok: true, wallet: await walletOf(commands, input, me.account) };
}

/** §6: how far below zero a dealer (or terminal) the actor opened may go. */
export async function setCreditLimit(commands: StreamCommands, input: CreditLimitInput): Promise<CreditMoved> {
  const target = await childOf(input, input.userId);
  if ('error' in target) return refused(target.error);
  if (!isDealerRole(target.account.role) && target.account.role !== 'terminal') return refused(domainError('transfersForbidden'));
  await walletOf(commands, input, target.account);
  const { userId } = input.by.actor;
  const command: WalletCommand = { type: 'SetCreditLimit', reference: `${userId}:${input.requestId}`, now: input.now.toISOString(), creditLimit: input.creditLimit, byUserId: userId };
  return moveThenAnswer(commands, input, target.account.userId, command, target.account);
}

/** Staff correct a balance of an account of their site, with the reason. */
export async function adjustBalance(commands: StreamCommands, input: AdjustBalanceInput): Promise<CreditMoved> {
  const found = await accountOf(input, input.userId);
  if ('error' in found) return refused(found.error);
  if (found.account.siteId !== input.siteId) return refused(domainError('noSuchUser'));
  await walletOf(commands, input, found.account);
  const { userId } = input.by.actor;
  const command: WalletCommand = { type: 'AdjustBalance', reference: `${userId}:${input.requestId}`, now: input.now.toISOString(), amount: input.amount, reason: input.reason, byUserId: userId };
  return moveThenAnswer(commands, input, found.account.userId, command, found.account);
}

type Found = { readonly account: CreditAccount } | { readonly error: DomainError };

async function accountOf(input: CreditRequest, userId: string): Promise<Found> {
  const account = await input.accountOf(userId);
  return account ? { account } : { error: domainError('noSuchUser') };
}

/** §6: a dealer acts on the accounts it opened (its direct children); admins on any account of their site. */
async function childOf(input: CreditRequest, userId: string): Promise<Found> {
  const found = await accountOf(input, userId);
  if ('error' in found) return found;
  if (found.account.siteId !== input.siteId) return { error: domainError('noSuchUser') };
  const { actor } = input.by;
  if (actor.role !== 'admin' && found.account.parentId !== actor.userId) return { error: domainError('thisOperatorNotYour') };
  return found;
}

function walletOf(commands: StreamCommands, input: CreditRequest, account: CreditAccount): Promise<OpenWalletState> {
  return openWallet({ commands, clock: () => input.now }, account, walletCurrencyOf(account, input.siteCurrency));
}

function move(commands: StreamCommands, input: CreditRequest, accountId: string, command: WalletCommand) {
  return commands.run(walletStream(accountId), walletDecider, command, requestMetaOf(input.by, input.requestId, `wallet-${command.type}`, input.now));
}

async function moveThenAnswer(commands: StreamCommands, input: CreditRequest, accountId: string, command: WalletCommand, answered: CreditAccount): Promise<CreditMoved> {
  const moved = await move(commands, input, accountId, command);
  if (!moved.ok) return moved;
  return { ok: true, wallet: await walletOf(commands, input, answered) };
}
