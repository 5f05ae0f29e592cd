import type { Role } from '@kupon/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, registerErrorStatuses } from '../http/api-error';

registerErrorStatuses({ maintenance: 503 });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open during maintenance to everyone: the site's settings (the maintenance page reads them) and logging out. */
    maintenanceAllowed?: boolean;
    /** Closed during maintenance to visitors who are not logged in: the player site's logins and registration. */
    maintenanceGuarded?: boolean;
  }
}

/** The player site's users: during maintenance they are refused everything but the allowed routes. */
const PLAYER_SIDE: ReadonlySet<Role> = new Set<Role>(['player', 'terminal', 'affiliate']);

/**
 * Whether the site's maintenance switch closes this request (api/MAINTENANCE.md): a player, terminal or
 * affiliate session, or a visitor on a login or registration route. Staff and dealers keep working,
 * and so do visitors' reads and the providers' server-to-server calls (payment callbacks, the casino
 * wallet), so what is in flight still completes.
 */
export function closedForMaintenance(request: FastifyRequest): boolean {
  if (request.site?.settings.maintenance !== true) return false;
  const config = request.routeOptions.config;
  if (config.maintenanceAllowed) return false;
  const actor = request.actor;
  if (actor) return PLAYER_SIDE.has(actor.role);
  return config.maintenanceGuarded === true;
}

export const maintenancePlugin = fp(
  async (app) => {
    app.addHook('preParsing', async (request) => {
      if (closedForMaintenance(request)) throw new ApiError(503, 'maintenance');
    });
  },
  { name: 'kupon-maintenance', dependencies: ['kupon-auth'] },
);
