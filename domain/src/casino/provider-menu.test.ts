import { describe, expect, it } from 'vitest';
import type { CasinoGame } from './games';
import { providerMenu } from './provider-menu';
import { SLOT } from './testing/given';

const game = (serviceId: number, masterServiceId: number, company_name: string, more: Partial<CasinoGame> = {}): CasinoGame => ({ ...SLOT, serviceId, masterServiceId, company_name, title: `Game ${serviceId}`, ...more });

const aggregated = (serviceId: number, company_name: string, more: Partial<CasinoGame> = {}) => game(serviceId, 940, company_name, { masterServiceName: 'Kupon Aggregator', ...more });

describe('the provider menu (spec §4 "lobby flag 0 loads sub-providers")', () => {
  it('a provider whose games come from one studio is named after it, lobby 1, that studio its only sub-provider', () => {
    expect(providerMenu([game(90001, 900, 'Kupon Demo'), game(90002, 900, 'Kupon Demo')])).toEqual([
      { masterServiceId: 900, name: 'Kupon Demo', games: 2, products: ['slot'], lobby: 1, subProviders: [{ name: 'Kupon Demo', games: 2 }] },
    ]);
  });

  it('an aggregator (several studios under one masterServiceId) is lobby 0 and lists its studios by name with their counts, under its own name', () => {
    const games = [aggregated(94021, 'Pixel Play'), aggregated(94001, 'Nova Reels'), aggregated(94011, 'Çark Oyun'), aggregated(94002, 'Nova Reels')];
    expect(providerMenu(games)).toEqual([
      {
        masterServiceId: 940,
        name: 'Kupon Aggregator',
        games: 4,
        products: ['slot'],
        lobby: 0,
        subProviders: [
          { name: 'Çark Oyun', games: 1 },
          { name: 'Nova Reels', games: 2 },
          { name: 'Pixel Play', games: 1 },
        ],
      },
    ]);
    // The same answer whatever order the catalogue folded the games in.
    expect(providerMenu([...games].reverse())).toEqual(providerMenu(games));
  });

  it('counts one product when asked: an aggregator of slots with one live studio is lobby 1 on the live casino page', () => {
    const games = [aggregated(94001, 'Nova Reels'), aggregated(94011, 'Pixel Play'), aggregated(94031, 'Live Tables', { product: 'livecasino' }), game(90001, 900, 'Kupon Demo')];
    expect(providerMenu(games, 'livecasino')).toEqual([
      { masterServiceId: 940, name: 'Kupon Aggregator', games: 1, products: ['livecasino'], lobby: 1, subProviders: [{ name: 'Live Tables', games: 1 }] },
    ]);
    expect(providerMenu(games).map((p) => [p.masterServiceId, p.lobby, p.games, p.products])).toEqual([
      [900, 1, 1, ['slot']],
      [940, 0, 3, ['livecasino', 'slot']],
    ]);
  });

  it('an aggregator that names itself nowhere is named after its first studio', () => {
    expect(providerMenu([game(95001, 950, 'Zeta'), game(95002, 950, 'Alpha')])[0]).toMatchObject({ name: 'Alpha', lobby: 0 });
  });
});
