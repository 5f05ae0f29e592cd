import type { IdentityServices } from '@kupon/api';
import { creditOpeningBalance } from '@kupon/commands';
import type { StreamCommands } from '@kupon/commands';
import { MINOR_PER_UNIT } from '@kupon/domain';
import type { DemoLogin } from './index';

/** Demo opening balance of each seeded player and terminal: 1,000.00. */
export const DEMO_OPENING_BALANCE = 1_000 * MINOR_PER_UNIT;

/** seedDemo's `onPlayersReady` hook: opens each seeded player's wallet with its opening balance (once, however often the seed runs). */
export function creditSeededPlayers(services: IdentityServices, commands: StreamCommands): (players: readonly DemoLogin[]) => Promise<void> {
  return async (players) => {
    for (const player of players) {
      const user = await services.accounts.load(player.userId);
      if (!user) continue;
      const site = await services.sites.byId(user.siteId);
      await creditOpeningBalance({ commands, clock: services.clock }, user, site?.settings.defaultCurrency, DEMO_OPENING_BALANCE);
    }
  };
}
