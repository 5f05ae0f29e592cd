import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityServices } from '../app';
import { type Role, STAFF_ROLES } from '@kupon/domain';
import { ErrorBody, PermissionsBody, RoleParams, RolePermissions, SiteInfo, SiteQuery, SiteSettingsBody, SiteUnchanged } from '../contract/identity';
import { refusal } from '../http/api-error';
import { eventActor } from '../identity/views';
import { actorOf, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import type { SiteView } from '../identity/site-directory';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** The brand is its operator: settings, users and reads all belong to one site. */
const operatorOf = (site: SiteView) => site.siteId;

const STAFF: ReadonlySet<Role> = new Set(STAFF_ROLES);

/** The site's settings as `viewer` may see them: the book's risk limits only to staff (a player would learn how much more a match takes). */
function siteInfo(site: SiteView, viewer: Role | undefined): SiteInfo {
  const { matchStakeLimit, sameCouponLimit, ...shown } = site.settings;
  const settings = viewer && STAFF.has(viewer) ? { ...shown, matchStakeLimit, sameCouponLimit } : shown;
  return { siteId: site.siteId, name: site.name, hosts: [...site.hosts], version: site.settingsVersion, operatorId: operatorOf(site), settings: { ...settings, social: { ...settings.social }, paymentLogos: [...settings.paymentLogos], tvLogos: [...settings.tvLogos], specialBanner1: { ...settings.specialBanner1 }, specialBanner2: { ...settings.specialBanner2 } } };
}

/** §7 Settings: the current site's settings; an admin of the site changes them. */
export const siteRoutes: FastifyPluginAsyncZod<IdentityServices> = async (app, services) => {
  app.get(
    '/current',
    {
      schema: {
        tags: ['site'],
        summary: 'Settings of the site this request is for; a client holding the current `version` is told to keep its copy',
        querystring: SiteQuery,
        response: { 200: z.union([SiteInfo, SiteUnchanged]), ...refusals },
      },
    },
    async (request) => {
      const site = siteOf(request);
      if (request.query.version === site.settingsVersion) return { siteId: site.siteId, version: site.settingsVersion, operatorId: operatorOf(site), unchanged: true as const };
      return siteInfo(site, request.actor?.role);
    },
  );

  app.patch(
    '/current/settings',
    { preHandler: requireRole('admin'), schema: { tags: ['site'], summary: "Change this site's settings (admin)", body: SiteSettingsBody, response: { 200: SiteInfo, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      const actor = actorOf(request);
      const at = services.clock().toISOString();
      const outcome = await services.sites.handler.handle(
        `site-${site.siteId}`,
        { command: { type: 'ChangeSiteSettings', settings: request.body, now: at }, actor: { ...eventActor(request), userId: actor.userId }, correlationId: request.id, causationId: request.id, at, eventId: () => crypto.randomUUID() },
        () => undefined,
      );
      if (!outcome.ok) throw refusal(outcome.error);
      return siteInfo((await services.sites.byId(site.siteId))!, actor.role);
    },
  );

  app.get(
    '/current/role-permissions',
    { preHandler: requireRole('admin', 'operator', 'regulator'), schema: { tags: ['site'], summary: 'Permission set of every staff role on this site', response: { 200: RolePermissions, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      return { roles: Object.fromEntries(STAFF_ROLES.map((role) => [role, [...site.rolePermissions(role)]])) };
    },
  );

  app.put(
    '/current/role-permissions/:role',
    {
      preHandler: requireRole('admin'),
      schema: { tags: ['site'], summary: "Edit a role's permission set (admin); every session of that role ends (§6)", params: RoleParams, body: PermissionsBody, response: { 200: RolePermissions, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const at = services.clock().toISOString();
      const outcome = await services.sites.handler.handle(
        `site-${site.siteId}`,
        {
          command: { type: 'ChangeRolePermissions', role: request.params.role, permissions: request.body.permissions, now: at },
          actor: { ...eventActor(request), userId: actorOf(request).userId },
          correlationId: request.id,
          causationId: request.id,
          at,
          eventId: () => crypto.randomUUID(),
        },
        () => undefined,
      );
      if (!outcome.ok) throw refusal(outcome.error);
      const fresh = (await services.sites.byId(site.siteId))!;
      return { roles: Object.fromEntries(STAFF_ROLES.map((role) => [role, [...fresh.rolePermissions(role)]])) };
    },
  );
};
