import type { CasinoItem } from '@kupon/api/contract';
import { vi } from 'vitest';
import type { CasinoProvider } from '@/features/casino/api/casino';

/** A casino game as the catalog lists it; only what a test names differs from the demo defaults. */
export function casinoGame(game: Pick<CasinoItem, 'serviceId' | 'masterServiceId' | 'title' | 'product'> & Partial<CasinoItem>): CasinoItem {
  return {
    topServiceId: 0,
    topServiceId2: 0,
    middleServiceId: 0,
    logo: `/logo/${game.serviceId}.svg`,
    listOrder: 1,
    extras: { id: game.serviceId, limitID: 0 },
    openLobby: 0,
    company_name: game.title,
    lang: 'tr',
    isMobile: 1,
    maxPay: 0,
    maxStake: 0,
    minStake: 0,
    operatorId: 'demo',
    ...game,
  };
}

/** A provider of the menu; a single studio named after it (lobby 1) unless the test names its sub-providers. */
export function casinoProvider(provider: Pick<CasinoProvider, 'masterServiceId' | 'name' | 'games' | 'products'> & Partial<CasinoProvider>): CasinoProvider {
  return { lobby: 1, subProviders: [{ name: provider.name, games: provider.games }], ...provider };
}

export interface CasinoApi {
  providers: CasinoProvider[];
  games: CasinoItem[];
  /** Answers casinos/open with the request body; without it casinos/open is a 404. */
  open?: (body: Record<string, unknown>) => { status?: number; body: unknown };
}

/**
 * The casino api as the page calls it (api/src/routes/casino.ts), filtering providers by product and
 * games by provider, sub-provider (company), product and search like the server does. Returns every
 * call with its JSON body.
 */
export function serveCasino({ providers, games, open }: CasinoApi) {
  const calls: { url: URL; body: Record<string, unknown> | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ url, body });
      const q = url.searchParams;
      const product = q.get('product');
      let answer: { status?: number; body: unknown } = { status: 404, body: { error: 'notFound' } };
      if (url.pathname === '/api/v1/casino/providers') answer = { body: { providers: providers.filter((p) => !product || p.products.includes(product as CasinoItem['product'])) } };
      if (url.pathname === '/api/v1/casino/games') {
        const search = q.get('search')?.toLocaleLowerCase('tr');
        const listed = games.filter(
          (g) =>
            (!q.get('masterServiceId') || g.masterServiceId === Number(q.get('masterServiceId'))) &&
            (!q.get('company') || g.company_name === q.get('company')) &&
            (!product || g.product === product) &&
            (!search || g.title.toLocaleLowerCase('tr').includes(search)),
        );
        answer = { body: { status: true, games: listed, total: listed.length } };
      }
      if (url.pathname === '/api/v1/casino/casinos/open' && open) answer = open(body ?? {});
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
