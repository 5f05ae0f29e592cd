import type { Fixture } from '@kupon/domain';
import { fixture, MatchWriter } from '@kupon/api/live/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

const KICK_OFF = '2026-11-22T14:00:00.000Z';
const LATER = '2026-11-23T14:00:00.000Z';

type Item = { key: string; enabled: boolean; order: number | null; names: { tr?: string; en?: string }; marginBp: number | null; feedName: { tr: string; en: string }; context: { tr: string; en: string } | null; sportIds: number[] };
type Directory = { items: Item[]; total: number; limit: number; offset: number };

/**
 * The back office's catalog settings screens list what there is to configure from
 * `/catalog-settings/directory`: the product's sports and market table, the feed's categories,
 * tournaments and teams, each with the asking site's setting, searched and paged by the server.
 */
for (const backend of testBackends) {
  describe(`catalog settings directory over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      const writer = new MatchWriter(storage.store);
      api = await openMoneyApi(storage, {});
      const named = (f: Fixture, tournament: [string, string], home: [string, string], away: [string, string]): Fixture => ({
        ...f,
        tournament: { id: tournament[0], name: { tr: tournament[1], en: tournament[1] } },
        home: { id: home[0], name: { tr: home[1], en: home[1] } },
        away: { id: away[0], name: { tr: away[1], en: away[1] } },
      });
      await writer.create(named(fixture('m1', 1, KICK_OFF), ['sl', 'Süper Lig'], ['gs', 'Galatasaray'], ['fb', 'Fenerbahçe']));
      await writer.create(named(fixture('m2', 1, KICK_OFF), ['sl', 'Süper Lig'], ['bjk', 'Beşiktaş'], ['ts', 'Trabzonspor']));
      await writer.create(named(fixture('m3', 1, KICK_OFF), ['tff1', '1. Lig'], ['goz', 'Göztepe'], ['ksk', 'Karşıyaka']));
      // A newer match calls Galatasaray by its new name: the directory shows the latest.
      await writer.create(named(fixture('m4', 1, LATER), ['sl', 'Süper Lig'], ['gs', 'Galatasaray SK'], ['bjk', 'Beşiktaş']));
      await writer.create(named(fixture('m5', 2, KICK_OFF), ['bsl', 'Basketbol Süper Ligi'], ['efes', 'Anadolu Efes'], ['fbb', 'Fenerbahçe Beko']));
      await api.settled();
    });
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const call = async (site: string, userName: string, method: 'GET' | 'PUT', url: string, payload?: object) => {
      const cookie = await api.cookie(site, userName);
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': site, cookie: `kupon_sid=${cookie}` }, ...(payload ? { payload } : {}) });
    };
    const directory = async (site: string, query: string, userName = 'koperator'): Promise<Directory> => {
      const answer = await call(site, userName, 'GET', `/catalog-settings/directory?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };

    it("lists the feed's teams by their latest names, paged and searched by the server, with the site's setting of each", async () => {
      const first = await directory('kupon', 'kind=team&sportId=1&limit=4');
      expect(first.total).toBe(6);
      expect(first.items.map((item) => item.feedName.tr)).toEqual(['Beşiktaş', 'Fenerbahçe', 'Galatasaray SK', 'Göztepe']);
      expect(first.items[0]).toMatchObject({ key: 'bjk', enabled: true, order: null, names: {}, sportIds: [1], context: { tr: 'Süper Lig' } });
      expect((await directory('kupon', 'kind=team&sportId=1&limit=4&offset=4')).items.map((item) => item.key)).toEqual(['ksk', 'ts']);
      expect((await directory('kupon', 'kind=team&search=fener')).items.map((item) => item.key)).toEqual(['fb', 'fbb']);

      // Renamed on this site: found under its new name too, and shown with it; the other site sees the feed's.
      expect((await call('kupon', 'koperator', 'PUT', '/catalog-settings/entries/team/goz', { names: { tr: 'Göz-Göz', en: 'Goztepe' }, enabled: false })).statusCode).toBe(200);
      expect((await directory('kupon', 'kind=team&search=göz-göz')).items).toMatchObject([{ key: 'goz', enabled: false, names: { tr: 'Göz-Göz', en: 'Goztepe' }, feedName: { tr: 'Göztepe' } }]);
      expect((await directory('bahis', 'kind=team&search=göz', 'badmin')).items).toMatchObject([{ key: 'goz', enabled: true, names: {} }]);
      expect((await directory('kupon', 'kind=team&configured=true')).items.map((item) => item.key)).toEqual(['goz']);
    });

    it('lists tournaments with their category and categories once across sports', async () => {
      const tournaments = await directory('kupon', 'kind=tournament');
      expect(tournaments.items.map((item) => [item.key, item.context?.en, item.sportIds])).toEqual([
        ['tff1', 'Turkey', [1]],
        ['bsl', 'Turkey', [2]],
        ['sl', 'Turkey', [1]],
      ]);
      expect((await directory('kupon', 'kind=category')).items).toMatchObject([{ key: 'tr', feedName: { en: 'Turkey' }, context: null, sportIds: [1, 2] }]);
    });

    it("lists the product's sports, markets and outcomes; a margin set on a market shows in its row", async () => {
      const sports = await directory('kupon', 'kind=sport&limit=200');
      expect(sports.items.map((item) => item.key)).toContain('23');
      expect((await directory('kupon', 'kind=sport&search=tenis')).items.map((item) => item.key)).toEqual(['5']);
      expect((await call('kupon', 'kadmin', 'PUT', '/catalog-settings/entries/market/FT_1X2', { marginBp: 450 })).statusCode).toBe(200);
      const markets = await directory('kupon', 'kind=market&sportId=5&limit=200');
      expect(markets.items.every((item) => item.sportIds.includes(5))).toBe(true);
      expect(markets.items.map((item) => item.key)).not.toContain('FT_1X2');
      expect((await directory('kupon', 'kind=market&search=FT_1X2')).items).toMatchObject([{ key: 'FT_1X2', marginBp: 450 }]);
      const outcomes = await directory('kupon', 'kind=outcome&search=ft_1x2');
      expect(outcomes.items.map((item) => item.key)).toEqual(['FT_1X2|1', 'FT_1X2|X', 'FT_1X2|2']);
      expect(outcomes.items[1]!.context).not.toBeNull();
    });

    it('reads for the regulator, refuses players and a bad kind with the field', async () => {
      expect((await call('kupon', 'kregulator', 'GET', '/catalog-settings/directory?kind=team')).statusCode).toBe(200);
      expect((await call('kupon', 'kplayer1', 'GET', '/catalog-settings/directory?kind=team')).json()).toEqual({ error: 'permissionDenied|player' });
      const bad = await call('kupon', 'kadmin', 'GET', '/catalog-settings/directory?kind=league');
      expect(bad.statusCode).toBe(400);
      const sport = await call('kupon', 'kadmin', 'GET', '/catalog-settings/directory?kind=team&sportId=99');
      expect([sport.statusCode, sport.json().error]).toEqual([400, 'unknownSport']);
    });
  });
}
