import { walletDecider, walletStream } from '@kupon/domain';
import { derivedId } from '../runner/derived-id';
import type { StreamCommands } from '../runner/stream-commands';
import { openWallet, walletCurrencyOf, type WalletOwner } from './open-wallet';

/**
 * Credits a seeded account's opening balance (demo data, tests, benches): opens its wallet and adds a
 * staff adjustment "opening balance", once per account however often the seed runs.
 */
export async function creditOpeningBalance(runner: { readonly commands: StreamCommands; readonly clock: () => Date }, owner: WalletOwner, currency: string | undefined, amount: number): Promise<void> {
  await openWallet(runner, owner, walletCurrencyOf(owner, currency));
  const at = runner.clock();
  const outcome = await runner.commands.run(
    walletStream(owner.userId),
    walletDecider,
    { type: 'AdjustBalance', reference: `opening-balance-${owner.userId}`, now: at.toISOString(), amount, reason: 'opening balance', byUserId: 'seed' },
    { actor: { userId: 'seed', role: 'admin' }, correlationId: `seed-${owner.userId}`, causationId: `seed-${owner.userId}`, at: at.toISOString(), eventId: (i) => derivedId('opening-balance', owner.userId, String(i)) },
  );
  if (!outcome.ok) throw new Error(`opening balance of ${owner.userId}: ${outcome.error.code}`);
}
