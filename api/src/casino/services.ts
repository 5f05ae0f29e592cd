import { createHmac } from 'node:crypto';
import type { MoneyServices } from '../payments/money';
import { CasinoCatalog } from './catalog';
import type { CasinoProvider } from './provider';
import { GameSessions } from './sessions';
import { drawServerKey } from '../server-keys';

/** What the app may be given for the casino context; everything has a working default, the providers none. */
export interface CasinoOptions {
  /** The provider adapters (the demo's comes from `@kupon/demo`); none: the casino lists no games and opens none. */
  readonly providers?: readonly CasinoProvider[];
  /** Key of game session tokens, from which each provider's callback key derives (`providerSecret`); every api process must share it (main.ts: server-keys.ts). Without one the app draws its own. */
  readonly secret?: string;
  /** List the providers' games in the catalogue when the app starts (main.ts; tests sync when they want). */
  readonly syncCatalog?: boolean;
}

export interface CasinoServices extends MoneyServices {
  readonly casinoProviders: ReadonlyMap<string, CasinoProvider>;
  readonly gameSessions: GameSessions;
  readonly casinoCatalog: CasinoCatalog;
  readonly syncCatalog: boolean;
}

export function casinoServices(money: MoneyServices, options: CasinoOptions = {}): CasinoServices {
  const secret = options.secret ?? drawServerKey();
  const providers = options.providers ?? [];
  return {
    ...money,
    casinoProviders: new Map(providers.map((provider) => [provider.name, provider])),
    gameSessions: new GameSessions(secret),
    casinoCatalog: new CasinoCatalog(money.commands, money.clock),
    syncCatalog: options.syncCatalog ?? false,
  };
}

/** Each provider signs with a secret of its own, derived from the casino key (a real provider's is configured with it). */
export function providerSecret(secret: string, provider: string): string {
  return createHmac('sha256', secret).update(`provider:${provider}`).digest('hex');
}
