import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Role, STAFF_ROLES } from '@kupon/domain';
import { kyselyOver } from '@kupon/eventstore';
import {
  ErrorBody,
  PermissionsBody,
  RoleParams,
  RolePermissions,
  SiteInfo,
  SiteQuery,
  SiteSettingsBody,
  SiteUnchanged,
  TopWinners,
} from '../contract/identity';
import { refusal } from '../http/api-error';
import { eventActor } from '../identity/views';
import { actorOf, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import type { SiteView } from '../identity/site-directory';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** The brand is its operator: settings, users and reads all belong to one site. */
const operatorOf = (site: SiteView) => site.siteId;

const STAFF: ReadonlySet<Role> = new Set(STAFF_ROLES);

/**
 * The site's settings as `viewer` may see them: the book's risk limits and the sell margin only to staff
 * (a player would learn how much more a match takes, or what a sale keeps back).
 */
function siteInfo(site: SiteView, viewer: Role | undefined): SiteInfo {
  const { matchStakeLimit, sameCouponLimit, couponSell, ...shown } = site.settings;
  const settings = viewer && STAFF.has(viewer) ? { ...shown, matchStakeLimit, sameCouponLimit, couponSell: { ...couponSell } } : shown;
  return {
    siteId: site.siteId,
    name: site.name,
    hosts: [...site.hosts],
    version: site.settingsVersion,
    operatorId: operatorOf(site),
    settings: { ...settings, social: { ...settings.social }, paymentLogos: [...settings.paymentLogos], tvLogos: [...settings.tvLogos], specialBanner1: { ...settings.specialBanner1 }, specialBanner2: { ...settings.specialBanner2 }, bonusCoupon: { ...settings.bonusCoupon }, couponCancel: { ...settings.couponCancel }, maxPayoutTiers: [...settings.maxPayoutTiers] },
  };
}

/** §3 top_winners: how far back the strip looks, and how many coupons it shows. */
const TOP_WINNERS_DAYS = 7;
const TOP_WINNERS_SHOWN = 10;

/** A player's name as the public strip shows it: `kemal81` → `ke***1`. */
export function maskUserName(name: string): string {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/** §7 Settings: the current site's settings; an admin of the site changes them. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.identity;
  const db = kyselyOver(services.pool);
  app.get(
    '/current',
    {
      // The player site reads the maintenance switch here.
      config: { maintenanceAllowed: true },
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

  app.get(
    '/current/top-winners',
    { schema: { tags: ['site'], summary: "The site's biggest won coupons of the last 7 days, names masked (spec §3 top_winners); empty when the site does not show them", response: { 200: TopWinners, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      const currency = site.settings.defaultCurrency;
      if (!site.settings.topWinners) return { enabled: false, currency, winners: [] };
      const since = new Date(services.clock().getTime() - TOP_WINNERS_DAYS * 86_400_000);
      // Read models: a won coupon (status 1) of a player of this site, settled within the window.
      const rows = await db
        .selectFrom('coupons as c')
        .innerJoin('users as u', (join) => join.on((eb) => eb(eb.cast('u.user_id', 'text'), '=', eb.cast('c.user_id', 'text'))))
        .select(['u.user_name', 'c.payout', 'c.total_stake', 'c.coupon_type', 'c.updated_at'])
        .where('u.site_id', '=', site.siteId)
        .where('c.status', '=', 1)
        .where('c.updated_at', '>=', since)
        .orderBy('c.payout', 'desc')
        .orderBy('c.updated_at', 'desc')
        .limit(TOP_WINNERS_SHOWN)
        .execute();
      return {
        enabled: true,
        currency,
        winners: rows.map((row: { user_name: string; payout: string; total_stake: string; coupon_type: string; updated_at: Date }) => ({
          userName: maskUserName(row.user_name),
          payout: Number(row.payout),
          stake: Number(row.total_stake),
          couponType: row.coupon_type,
          wonAt: new Date(row.updated_at).toISOString(),
        })),
      };
    },
  );

  app.patch(
    '/current/settings',
    { preParsing: requireRole('admin'), schema: { tags: ['site'], summary: "Change this site's settings (admin)", body: SiteSettingsBody, response: { 200: SiteInfo, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      const actor = actorOf(request);
      const at = services.clock().toISOString();
      const outcome = await services.sites.run(
        site.siteId,
        { type: 'ChangeSiteSettings', settings: request.body, now: at },
        { actor: { ...eventActor(request), userId: actor.userId }, correlationId: request.id, causationId: request.id, at, eventId: () => crypto.randomUUID() },
      );
      if (!outcome.ok) throw refusal(outcome.error);
      return siteInfo((await services.sites.byId(site.siteId))!, actor.role);
    },
  );

  app.get(
    '/current/role-permissions',
    { preParsing: requireRole('admin', 'operator', 'regulator'), schema: { tags: ['site'], summary: 'Permission set of every staff role on this site', response: { 200: RolePermissions, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      return { roles: Object.fromEntries(STAFF_ROLES.map((role) => [role, [...site.rolePermissions(role)]])) };
    },
  );

  app.put(
    '/current/role-permissions/:role',
    {
      preParsing: requireRole('admin'),
      schema: { tags: ['site'], summary: "Edit a role's permission set (admin); every session of that role ends (§6)", params: RoleParams, body: PermissionsBody, response: { 200: RolePermissions, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const at = services.clock().toISOString();
      const outcome = await services.sites.run(
        site.siteId,
        { type: 'ChangeRolePermissions', role: request.params.role, permissions: request.body.permissions, now: at },
        {
          actor: { ...eventActor(request), userId: actorOf(request).userId },
          correlationId: request.id,
          causationId: request.id,
          at,
          eventId: () => crypto.randomUUID(),
        },
      );
      if (!outcome.ok) throw refusal(outcome.error);
      const fresh = (await services.sites.byId(site.siteId))!;
      return { roles: Object.fromEntries(STAFF_ROLES.map((role) => [role, [...fresh.rolePermissions(role)]])) };
    },
  );
};
