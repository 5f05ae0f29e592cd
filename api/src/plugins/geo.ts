import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GeoLocator } from '../geo/locator';
import { ApiError, registerErrorStatuses } from '../http/api-error';

registerErrorStatuses({ countryNotAllowed: 403 });

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * §8 countryNotAllowed: the route refuses a visitor from one of the site's blocked countries;
     * `true` always, a function when only some requests of the route are guarded.
     */
    geoGuarded?: true | ((request: FastifyRequest) => boolean);
  }
}

/**
 * §8 countryNotAllowed (api/GEO.md): a visitor from one of the site's blocked countries may not log in
 * on the player site, register, or ask to deposit. Those routes say so themselves (`config.geoGuarded`:
 * POST /sessions, POST /users, POST /payments/requests for a deposit). The country is the locator's
 * for `request.ip` (the socket's address, or X-Forwarded-For's client when TRUST_PROXY=1); an unknown
 * country is allowed. Staff, dealer and terminal logins, withdrawals and everything else are not
 * geo-checked.
 */
function isGuarded(request: FastifyRequest): boolean {
  const guarded = request.routeOptions.config.geoGuarded;
  return guarded === true || (typeof guarded === 'function' && guarded(request));
}

/** The country of the request when the site blocks it, else null. */
export function blockedCountryOf(request: FastifyRequest, locator: GeoLocator): string | null {
  const blocked = request.site?.settings.blockedCountries ?? [];
  if (blocked.length === 0) return null;
  const country = locator.country(request.ip);
  return country !== null && blocked.includes(country) ? country : null;
}

export const geoPlugin = fp(
  async (app, options: { locator: GeoLocator }) => {
    // At preValidation, after the body is parsed: whether a payment request is a deposit is in its body.
    app.addHook('preValidation', async (request) => {
      if (!isGuarded(request)) return;
      const country = blockedCountryOf(request, options.locator);
      if (country !== null) {
        request.log.info({ country, ip: request.ip, url: request.routeOptions.url }, 'refused: country not allowed');
        throw new ApiError(403, 'countryNotAllowed');
      }
    });
  },
  { name: 'kupon-geo' },
);
