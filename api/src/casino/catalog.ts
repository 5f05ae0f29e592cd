import { CASINO_CATALOG_STREAM, casinoCatalogDecider, type CasinoGame } from '@kupon/domain';
import { derivedId, type StreamCommands } from '@kupon/commands';
import { randomUUID } from 'node:crypto';
import type { CasinoProvider } from './provider';

/**
 * The product's game catalogue: the `casino-catalog` stream, filled from what each provider lists.
 * Read from the stream's fold (no read-model lag): a bet is decided against the game as listed now.
 */
export class CasinoCatalog {
  constructor(
    private readonly commands: StreamCommands,
    private readonly clock: () => Date,
  ) {}

  async games(): Promise<CasinoGame[]> {
    const { state } = await this.commands.load(CASINO_CATALOG_STREAM, casinoCatalogDecider);
    return [...state.games.values()];
  }

  async game(serviceId: number): Promise<CasinoGame | null> {
    const { state } = await this.commands.load(CASINO_CATALOG_STREAM, casinoCatalogDecider);
    return state.games.get(serviceId) ?? null;
  }

  /** Lists each provider's games as it offers them now (an unchanged listing writes nothing). Returns how many events were written. */
  async sync(providers: Iterable<CasinoProvider>): Promise<number> {
    let written = 0;
    for (const provider of providers) {
      const games = await provider.games();
      const at = this.clock().toISOString();
      const id = randomUUID();
      const outcome = await this.commands.run(
        CASINO_CATALOG_STREAM,
        casinoCatalogDecider,
        { type: 'ListCasinoGames', provider: provider.name, games, now: at },
        { actor: { userId: `provider:${provider.name}`, role: 'system' }, correlationId: id, causationId: id, at, eventId: (index) => derivedId('casino-catalog', id, String(index)) },
      );
      if (!outcome.ok) throw new Error(`casino catalogue of ${provider.name}: ${outcome.error.code}|${outcome.error.params.join('|')}`);
      written += outcome.events.length;
    }
    return written;
  }
}
