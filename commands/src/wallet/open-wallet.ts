import { randomUUID } from 'node:crypto';
import { CURRENCIES, type Currency, isDealerRole, type OpenWalletState, type OwnerKind, type Role, type WalletCommand, walletDecider, walletStream } from '@kupon/domain';
import { derivedId } from '../runner/derived-id';
import type { StreamCommands } from '../runner/stream-commands';

/** The account a wallet is opened for: its id, role (player or dealer wallet), site and chosen currency. */
export interface WalletOwner {
  readonly userId: string;
  readonly role: Role;
  readonly siteId: string;
  readonly profile?: { readonly currency?: string };
}

/** The account's own currency, else the site's default, else TRY; one the product does not know is TRY. */
export function walletCurrencyOf(owner: Pick<WalletOwner, 'profile'>, siteDefault: string | undefined): Currency {
  const wanted = owner.profile?.currency || siteDefault || 'TRY';
  return (CURRENCIES as readonly string[]).includes(wanted) ? (wanted as Currency) : 'TRY';
}

/**
 * The account's wallet, opened on first use in `currency` (idempotent: one WalletOpened however many
 * race). Not `fresh`: a wallet once open stays open, so what this process folded last will do when
 * only the wallet's existence matters (the decider still decides on the latest state).
 */
export async function openWallet(
  runner: { readonly commands: StreamCommands; readonly clock: () => Date },
  owner: WalletOwner,
  currency: Currency,
  { fresh = true }: { fresh?: boolean } = {},
): Promise<OpenWalletState> {
  const stream = walletStream(owner.userId);
  const known = fresh ? undefined : runner.commands.peek(stream, walletDecider);
  if (known?.state.status === 'open') return known.state;
  const { state } = await runner.commands.load(stream, walletDecider);
  if (state.status === 'open') return state;
  const ownerKind: OwnerKind = isDealerRole(owner.role) || owner.role === 'terminal' ? 'dealer' : 'player';
  const now = runner.clock();
  const command: WalletCommand = { type: 'OpenWallet', reference: `open-${owner.userId}`, now: now.toISOString(), accountId: owner.userId, ownerKind, currency, siteId: owner.siteId };
  const correlationId = randomUUID();
  const outcome = await runner.commands.run(stream, walletDecider, command, {
    actor: { userId: 'system', role: 'system' },
    correlationId,
    causationId: correlationId,
    at: now.toISOString(),
    eventId: () => derivedId('wallet-open', owner.userId),
  });
  if (!outcome.ok) throw new Error(`opening wallet ${owner.userId}: ${outcome.error.code}`);
  const reloaded = await runner.commands.load(stream, walletDecider);
  if (reloaded.state.status !== 'open') throw new Error(`wallet ${owner.userId} did not open`);
  return reloaded.state;
}
