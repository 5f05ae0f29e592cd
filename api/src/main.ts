import { feedSourceFromEnv } from './feed';
import { startServer } from './serve';

/**
 * The production start: the api, worker and feed roles in one process with no demo module (no
 * providers, no simulator, no seed). The odds feed is a recorded one when `FEED=file:<path>`, else
 * none. `npm start` runs `@kupon/demo`'s start instead, which composes the same server with the demo.
 */
await startServer({ adapters: () => ({ feed: feedSourceFromEnv(process.env) }) });
