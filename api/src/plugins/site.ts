import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';
import type { SiteDirectory, SiteView } from '../identity/site-directory';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand this request is for; null when it named none (health, docs). */
    site: SiteView | null;
  }
}

/**
 * Site (brand) resolution, spec §7 `site_id` on every call: the `x-site-id` header, else the
 * `site_id` query parameter, else the Host header matched against the sites' hosts. A named site that
 * does not exist is refused here, before any route runs.
 */
export const sitePlugin = fp(
  async (app: FastifyInstance, { sites }: { sites: SiteDirectory }) => {
    app.decorateRequest('site', null);
    app.addHook('onRequest', async (request) => {
      const named = requestedSiteId(request);
      if (named !== undefined) {
        const site = await sites.byId(named);
        if (!site) throw new ApiError(404, 'siteNotFound', named);
        request.site = site;
        return;
      }
      const host = request.hostname;
      if (host) request.site = await sites.byHost(host);
    });
  },
  { name: 'kupon-site' },
);

function requestedSiteId(request: FastifyRequest): string | undefined {
  const header = request.headers['x-site-id'];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.site_id;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : undefined;
}

/** The request's site, or a refusal naming what is missing. */
export function siteOf(request: FastifyRequest): SiteView {
  if (!request.site) throw new ApiError(400, 'siteRequired');
  return request.site;
}
