import type { ServerOptions } from '@kupon/api';
import { providerSecret } from '@kupon/api/casino';
import { hostedDemoCasino } from './casino/hosted';
import { demoFeedFromEnv } from './feed/sources';
import { hostedDemoPayments } from './payments/checkout-pages';
import { describeLogins, seedDemo } from './seed';
import { seedDemoContent } from './seed/demo-pages';
import { creditSeededPlayers } from './seed/money';

/**
 * The api's server with the demo behind its ports: the demo payment provider and casino provider
 * (each signing with its key derived from the shared ones), the feed simulator (FEED, FEED_SPEED,
 * FEED_SEED… as `demoFeedFromEnv` reads them), and the seed: demo brands, staff, dealers, players
 * with their opening balances and a terminal, then the brands' info pages, banners and welcome bonus
 * (KUPON_SEED=0 skips it). The logins are printed with the start banner.
 */
export function demoServerOptions(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  return {
    adapters: (keys) => ({
      paymentProviders: [hostedDemoPayments(keys.payment)],
      casinoProviders: [hostedDemoCasino(providerSecret(keys.casino, 'demo'))],
      feed: demoFeedFromEnv(env),
    }),
    async prepare({ identity, commands }) {
      if (env.KUPON_SEED === '0') return [];
      const seeded = await seedDemo(identity, creditSeededPlayers(identity, commands));
      // The footer's info pages, home banners and welcome bonus, through the back office's content commands; kept out of seedDemo, which every test api runs.
      await seedDemoContent({ commands, clock: () => new Date() });
      return describeLogins(seeded);
    },
  };
}
