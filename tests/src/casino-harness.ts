import { type CasinoWalletEvent, CASINO_WALLET_EVENT_TYPES, walletDecider, walletStream } from '@kupon/domain';
import { allCommittedVisible } from '@kupon/eventstore';
import type { DemoCasinoOptions as CasinoOptions } from '@kupon/demo/testing';
import { DEMO_CASINO_PATHS, DemoCasinoProvider } from '@kupon/demo';
import { providerSecret } from '@kupon/api/casino';
import { creditOpeningBalance } from '@kupon/commands';
import { buildDemoApp as buildApp, fastTestHasher, openTestApi, type TestApi } from '@kupon/demo/testing';
import { StreamCommands } from '@kupon/commands';
import type { TestStorage } from '@kupon/projections/testing';
import type { LightMyRequestResponse } from 'fastify';

export const SITE = 'kupon';
export const CASINO_SECRET = 'casino-test-secret';
export const FRUITS = 90001;
export const DICE = 90002;
/** The slots the demo provider lists, in their list order: its own two, then the aggregator's (Kupon Aggregator, masterServiceId 940). */
export const DEMO_SLOT_TITLES = ['Kupon Fruits', 'Kupon Dice', 'Nova Cherries', 'Nova Sevens', 'Pixel High-Low', 'Pixel Bells', 'Forge Fortune'];

/** The demo provider as the test plays it: the same secret the api verifies with. */
export const provider = new DemoCasinoProvider(providerSecret(CASINO_SECRET, 'demo'));

export interface CasinoApi extends TestApi {
  readonly commands: StreamCommands;
  call(userName: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<LightMyRequestResponse>;
  id(userName: string): string;
  /** Moves the clock; sessions older than that are logged in again on the next call. */
  advance(ms: number): void;
  fund(userName: string, amount: number): Promise<string>;
  balance(userId: string): Promise<number>;
  /** Opens `serviceId` for the player and returns the session token the provider was handed. */
  open(userName: string, serviceId: number): Promise<string>;
  /** A signed seamless-wallet callback, as the demo provider sends it (`sign: false` sends it unsigned, a string signs with that). */
  wallet(kind: 'balance' | 'bet' | 'win' | 'rollback', body: object, options?: { sign?: boolean | string; app?: TestApi['app'] }): Promise<LightMyRequestResponse>;
  /** Another api process on the same storage: its own command runner and wallet cache (closed with the api). */
  otherProcess(): TestApi['app'];
  /** Every casino money event in the log, folded here independently of any read model. */
  casinoEvents(): Promise<{ accountId: string; event: CasinoWalletEvent; at: string }[]>;
}

export async function openCasinoApi(storage: TestStorage, casino: CasinoOptions = {}): Promise<CasinoApi> {
  const commands = new StreamCommands(storage.store);
  const api = await openTestApi(storage, { money: { commands, paymentSecret: 'test-secret' }, casino: { secret: CASINO_SECRET, syncCatalog: true, ...casino } });
  const sessions = new Map<string, string>();
  const others: TestApi['app'][] = [];
  const self: CasinoApi = Object.assign(Object.create(api) as TestApi, {
    commands,
    async call(userName: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
      if (!sessions.has(userName)) sessions.set(userName, await api.logIn(SITE, userName));
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE }, cookies: { kupon_sid: sessions.get(userName)! }, ...(payload ? { payload } : {}) });
    },
    id: (userName: string) => api.login(SITE, userName).userId,
    advance(ms: number) {
      api.clock.advance(ms);
      sessions.clear();
    },
    async fund(userName: string, amount: number) {
      const user = await api.services.accounts.load(self.id(userName));
      if (!user) throw new Error(`no user ${userName}`);
      await creditOpeningBalance({ commands, clock: api.clock.now }, user, 'TRY', amount);
      return user.userId;
    },
    async balance(userId: string) {
      const { state } = await new StreamCommands(storage.store).load(walletStream(userId), walletDecider);
      return state.status === 'open' ? state.balance : 0;
    },
    async open(userName: string, serviceId: number) {
      const response = await self.call(userName, 'POST', '/casino/casinos/open', { serviceId });
      const body = response.json() as { status: boolean; msg: string; content: { gameurl: string } | null };
      if (!body.status || !body.content) throw new Error(`open ${serviceId} for ${userName}: ${response.body}`);
      return new URL(body.content.gameurl).searchParams.get('session')!;
    },
    async wallet(kind: 'balance' | 'bet' | 'win' | 'rollback', body: object, options: { sign?: boolean | string; app?: TestApi['app'] } = {}) {
      const payload = JSON.stringify(body);
      const sign = options.sign ?? true;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (sign === true) headers['x-casino-signature'] = provider.sign(payload);
      else if (typeof sign === 'string') headers['x-casino-signature'] = sign;
      return (options.app ?? api.app).inject({ method: 'POST', url: `/api/v1/casino/wallet/demo/${kind}`, headers, payload });
    },
    otherProcess() {
      const other = buildApp({
        store: storage.store,
        pool: storage.pool,
        clock: api.clock.now,
        passwords: fastTestHasher,
        money: { commands: new StreamCommands(storage.store), paymentSecret: 'test-secret' },
        casino: { secret: CASINO_SECRET, ...casino, syncCatalog: false },
      });
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all(others.map((other) => other.close()));
      await api.close();
    },
    async casinoEvents() {
      const found: { accountId: string; event: CasinoWalletEvent; at: string }[] = [];
      await allCommittedVisible(storage.store);
      let from;
      for (;;) {
        const page = await storage.store.readAll({ ...(from ? { fromPosition: from } : {}), maxCount: 1000, filter: { streamCategories: ['wallet'] } });
        for (const recorded of page) {
          if (!(CASINO_WALLET_EVENT_TYPES as readonly string[]).includes(recorded.type)) continue;
          const event = { type: recorded.type, data: recorded.data } as unknown as CasinoWalletEvent;
          found.push({ accountId: recorded.streamName.slice('wallet-'.length), event, at: event.data.at });
        }
        if (page.length < 1000) return found;
        from = page.at(-1)!.position;
      }
    },
  });
  return self;
}

/**
 * The demo provider's play page as the player's browser reaches it, the api listening on a free port:
 * `page` is the game page for a session, `form` posts a bet on it; `attr` reads a `data-*` the page marks.
 */
export async function demoPlayPage(api: CasinoApi) {
  if (!api.app.server.listening) await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const url = (serviceId: number) => `${origin}${DEMO_CASINO_PATHS.play(serviceId)}`;
  return {
    page: async (serviceId: number, session: string) => (await fetch(`${url(serviceId)}?${new URLSearchParams({ session, lang: 'en', currency: 'TRY' }).toString()}`)).text(),
    async form(serviceId: number, session: string, fields: Record<string, string>) {
      const response = await fetch(url(serviceId), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ session, lang: 'en', currency: 'TRY', ...fields }).toString(),
      });
      return { status: response.status, html: await response.text() };
    },
  };
}

export const attr = (html: string, testId: string, name: string) => new RegExp(`data-testid="${testId}"[^>]*data-${name}="([^"]*)"`).exec(html)?.[1];
