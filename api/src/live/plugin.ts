import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { LiveHub } from './hub';
import type { SiteCatalogs } from './site-catalogs';

export interface LivePluginOptions {
  readonly hub: LiveHub;
  /** The connecting client's site (x-site-id, site_id or host): its frames carry that site's catalog. */
  readonly siteCatalogs?: SiteCatalogs;
  /** Largest client frame accepted (a subscription is a few bytes). */
  readonly maxPayload?: number;
}

/** `GET /live`: the WebSocket upgrade to the live hub (frames in api/LIVE.md). */
export const livePlugin: FastifyPluginAsync<LivePluginOptions> = async (app, { hub, siteCatalogs, maxPayload = 4096 }) => {
  // On shutdown every socket gets a clean 1000 (the plugin's default close sends none).
  await app.register(websocket, { options: { maxPayload }, preClose: async () => hub.close() });
  app.get('/live', { websocket: true, schema: { hide: true } }, (socket, request) => hub.accept(socket, siteCatalogs?.of(request.site?.siteId)));
};
