import type { Draw } from './demo-games';
import { demoCasinoPages } from './demo-pages';
import { DemoCasinoProvider } from './demo-provider';

/** The demo provider as the api runs it: its game pages served from this process (mounted under `/api/v1/casino/demo`). */
export function hostedDemoCasino(secret: string, draw?: Draw): DemoCasinoProvider {
  const provider = new DemoCasinoProvider(secret, draw);
  return Object.assign(provider, { pages: () => demoCasinoPages(provider) });
}
