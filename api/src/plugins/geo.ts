import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GeoLocator } from '../geo/locator';
import { ApiError, registerErrorStatuses } from '../http/api-error';

registerErrorStatuses({ countryNotAllowed: 403 });

/**
 * §8 countryNotAllowed (api/GEO.md): a visitor from one of the site's blocked countries may not log in
 * on the player site, register, or ask to deposit. The country is the locator's for `request.ip` (the
 * socket's address, or X-Forwarded-For's client when TRUST_PROXY=1); an unknown country is allowed.
 * Staff, dealer and terminal logins, withdrawals and everything else are not geo-checked.
 */
const GUARDED: readonly ((request: FastifyRequest) => boolean)[] = [
  (request) => request.method === 'POST' && request.routeOptions.url === '/api/v1/sessions',
  (request) => request.method === 'POST' && request.routeOptions.url === '/api/v1/users',
  (request) => request.method === 'POST' && request.routeOptions.url === '/api/v1/payments/requests' && (request.body as { transferType?: unknown } | undefined)?.transferType !== '2',
];

/** The country of the request when the site blocks it, else null. */
export function blockedCountryOf(request: FastifyRequest, locator: GeoLocator): string | null {
  const blocked = request.site?.settings.blockedCountries ?? [];
  if (blocked.length === 0) return null;
  const country = locator.country(request.ip);
  return country !== null && blocked.includes(country) ? country : null;
}

export const geoPlugin = fp(
  async (app, options: { locator: GeoLocator }) => {
    app.addHook('preHandler', async (request) => {
      if (!GUARDED.some((guarded) => guarded(request))) return;
      const country = blockedCountryOf(request, options.locator);
      if (country !== null) {
        request.log.info({ country, ip: request.ip, url: request.routeOptions.url }, 'refused: country not allowed');
        throw new ApiError(403, 'countryNotAllowed');
      }
    });
  },
  { name: 'kupon-geo' },
);
