import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CasinoServices } from '../casino/services';
import type { IdentityServices } from '../identity/services';
import type { LiveOddsBook } from '../live/odds-book';
import type { SiteCatalogs } from '../live/site-catalogs';
import type { MoneyServices } from '../payments/money';

declare module 'fastify' {
  interface FastifyInstance {
    /** The money context's services: command runner, wallets' odds book, payment providers, ticket codes. */
    money: MoneyServices;
    /** The casino context's services: the money ones plus providers, game sessions and the catalogue. */
    casino: CasinoServices;
    /** Each site's catalog settings (prices, what it offers, live delays), shared by every route. */
    siteCatalogs: SiteCatalogs;
    /** The live odds book, or null when this process runs no feed (tests). */
    liveBook: LiveOddsBook | null;
  }
}

/** Every service a route plugin reads, made once per app by `buildApp`. */
export interface ApiServices {
  readonly identity: IdentityServices;
  readonly money: MoneyServices;
  readonly casino: CasinoServices;
  readonly siteCatalogs: SiteCatalogs;
  readonly liveBook: LiveOddsBook | null;
}

/**
 * Services reach routes as decorators of the instance, so a route plugin reads `app.money` and never
 * imports the app that registers it. Wrapped with fastify-plugin: the decorators are seen by every
 * sibling plugin of the scope that registers this one.
 */
export const servicesPlugin = fp(
  async (app: FastifyInstance, services: ApiServices) => {
    app.decorate('identity', services.identity);
    app.decorate('money', services.money);
    app.decorate('casino', services.casino);
    app.decorate('siteCatalogs', services.siteCatalogs);
    app.decorate('liveBook', services.liveBook);
  },
  { name: 'kupon-services' },
);
