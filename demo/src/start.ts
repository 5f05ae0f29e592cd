import { startServer } from '@kupon/api';
import { feedSourceFromEnv } from '@kupon/api/feed';

/**
 * `npm start`: the api's server with the demo composed in (`compose.ts`). `KUPON_DEMO=0` starts it
 * as the api's production start does (`api/src/main.ts`): no demo module is even loaded, the feed
 * is `FEED=file:<path>` or none.
 */
if (process.env.KUPON_DEMO === '0') {
  await startServer({ adapters: () => ({ feed: feedSourceFromEnv(process.env) }) });
} else {
  const { demoServerOptions } = await import('./compose');
  await startServer(demoServerOptions(process.env));
}
