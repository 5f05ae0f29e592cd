import { type Role, type SiteSettingsPatch } from '@kupon/domain';
import type { Actor } from '@kupon/eventstore';
import { actingUser, type IdentityServices, type LiveUser, type SeededLogin, type SeededLogins } from '@kupon/api';

/** A demo login printed by `npm start`. */
export type DemoLogin = SeededLogin;
/** The demo seed's answer; `created` is false when the store already held the demo (a restart). */
export type SeededDemo = SeededLogins;

interface DemoSite {
  readonly siteId: string;
  readonly name: string;
  readonly hosts: readonly string[];
  readonly settings: SiteSettingsPatch;
  /** Short tag making user names unique per brand (user names are unique per site anyway). */
  readonly tag: string;
  /** Which accounts of TREE it gets: the first brand the whole tree, the second a small one. */
  readonly accounts: readonly string[] | 'all';
}

export const DEMO_SITES: readonly DemoSite[] = [
  {
    siteId: 'kupon',
    name: 'Kupon',
    hosts: ['localhost', '127.0.0.1'],
    settings: {
      mailActivation: false,
      // The header's brand items (§2); logo and icon are files of the player site.
      logo: '/brands/kupon.svg',
      favicon: '/brands/kupon-icon.svg',
      social: { twitter: 'https://twitter.com/kupon', facebook: 'https://facebook.com/kupon', instagram: 'https://instagram.com/kupon', youtube: '', googleplus: '' },
      whatsappNumber: '+90 555 000 00 01; +90 555 000 00 02',
      whatsappTitle: 'WhatsApp',
      telegramName: 'kupon_destek',
      footerText: 'Kupon bir demo sitesidir: gerçek para kullanılmaz.',
    },
    tag: 'k',
    accounts: 'all',
  },
  {
    siteId: 'bahis',
    name: 'Bahis',
    hosts: ['bahis.localhost'],
    settings: {
      mailActivation: true,
      defaultCurrency: 'EUR',
      defaultTheme: 'emerald',
      logo: '/brands/bahis.svg',
      favicon: '/brands/bahis-icon.svg',
      telegramName: 'bahis_help',
      couponAmountGroup: '2,5,10,25',
      // §2 "on one branded host deposit/withdraw open live chat": this brand; the chat page is a file of the player site.
      liveChatDesktop: '/brands/bahis-live-chat.html',
      liveChatMobile: '/brands/bahis-live-chat.html?mobile=1',
      moneyByLiveChat: true,
      tvLink: 'https://www.youtube.com/@bahis/live',
    },
    tag: 'b',
    accounts: ['admin', 'topdealer', 'dealer1', 'subdealer1', 'player1', 'terminal1'],
  },
];

const SYSTEM: Actor = { userId: 'system', role: 'system' };

/** The tree opened on each brand: who opens whom, with which demo password. */
const TREE: readonly { name: string; role: Role; parent: string | null; password: string; door: DemoLogin['door'] }[] = [
  { name: 'admin', role: 'admin', parent: null, password: 'admin123', door: 'operator' },
  { name: 'operator', role: 'operator', parent: 'admin', password: 'oper1234', door: 'operator' },
  { name: 'regulator', role: 'regulator', parent: 'admin', password: 'regu1234', door: 'operator' },
  { name: 'topdealer', role: 'topDealer', parent: 'admin', password: 'top12345', door: 'operator' },
  { name: 'dealer1', role: 'dealer', parent: 'topdealer', password: 'deal1234', door: 'operator' },
  { name: 'dealer2', role: 'dealer', parent: 'topdealer', password: 'deal1234', door: 'operator' },
  { name: 'subdealer1', role: 'subDealer', parent: 'dealer1', password: 'sub12345', door: 'operator' },
  { name: 'player1', role: 'player', parent: 'subdealer1', password: 'play1234', door: 'player' },
  { name: 'player2', role: 'player', parent: 'dealer2', password: 'play1234', door: 'player' },
  { name: 'terminal1', role: 'terminal', parent: 'subdealer1', password: '123456', door: 'terminal' },
];

/**
 * Demo data for `npm start`: two brands. The first has an admin, an operator, a regulator, a top
 * dealer with two dealers and a sub-dealer, players and a terminal; the second a smaller tree (admin,
 * top dealer, dealer, sub-dealer, player, terminal). Idempotent: a store that already has the
 * first brand is left alone and the logins are only listed.
 *
 * Players' money arrives with the money issue: `onPlayersReady` is the hook where it credits them.
 */
export async function seedDemo(services: IdentityServices, onPlayersReady?: (players: readonly DemoLogin[]) => Promise<void>): Promise<SeededDemo> {
  const logins: DemoLogin[] = [];
  let created = false;
  for (const site of DEMO_SITES) {
    const userName = (name: string) => `${site.tag}${name}`.padEnd(5, '0');
    const existing = await services.sites.byId(site.siteId);
    if (!existing) {
      created = true;
      const at = services.clock().toISOString();
      const opened = await services.sites.run(
        site.siteId,
        { type: 'OpenSite', siteId: site.siteId, name: site.name, hosts: site.hosts, settings: site.settings, now: at },
        { actor: SYSTEM, correlationId: `seed-${site.siteId}`, causationId: `seed-${site.siteId}`, at, eventId: () => crypto.randomUUID() },
      );
      if (!opened.ok) throw new Error(`seed: ${opened.error.code}`);
    }
    const settings = (await services.sites.byId(site.siteId))!.settings;
    const byName = new Map<string, LiveUser>();
    for (const entry of TREE.filter((e) => site.accounts === 'all' || site.accounts.includes(e.name))) {
      const name = userName(entry.name);
      let user = await services.accounts.byUserName(site.siteId, name);
      if (!user) {
        created = true;
        const parent = entry.parent ? byName.get(entry.parent)! : null;
        const person = entry.role === 'player';
        const result = await services.accounts.open({
          siteId: site.siteId,
          role: entry.role,
          form: {
            userName: name,
            password: entry.password,
            passwordRepeat: entry.password,
            firstName: person ? 'Demo' : entry.name,
            lastName: person ? `Player ${entry.name.slice(-1)}` : site.name,
            ...(person
              ? { email: `${name}@${site.siteId}.example`, birthDate: '01.01.1990', sex: 'm', address: 'Demo street 1', city: 'Istanbul', postCode: '34000', countryId: 'TR' }
              : {}),
            currency: settings.defaultCurrency,
            lang: settings.defaultLang,
          },
          rules: { mobileRequired: false, idNumberRequired: false, personalDetailsRequired: person, emailRequired: false },
          parent: parent ? { user: parent, actor: actingUser(parent) } : null,
          activation: null,
          ...(entry.role === 'topDealer' ? { openingLimits: { dealers: 10, users: 100 } } : entry.role === 'dealer' ? { openingLimits: { dealers: 3, users: 50 } } : entry.role === 'subDealer' ? { openingLimits: { dealers: 0, users: 20 } } : {}),
          actor: SYSTEM,
          correlationId: `seed-${site.siteId}-${entry.name}`,
        });
        if (!result.ok) throw new Error(`seed ${name}: ${result.error.code}|${result.error.params.join('|')}`);
        user = (await services.accounts.load(result.userId))!;
      }
      byName.set(entry.name, user);
      logins.push({ siteId: site.siteId, role: entry.role, userName: name, password: entry.password, door: entry.door, userId: user.userId });
    }
  }
  if (created && onPlayersReady) await onPlayersReady(logins.filter((login) => login.role === 'player' || login.role === 'terminal'));
  return { created, logins };
}

/** The lines `npm start` prints. */
export function describeLogins(seeded: SeededDemo): string[] {
  const doors = { player: 'POST /api/v1/sessions', operator: 'POST /api/v1/sessions/operator', terminal: 'POST /api/v1/sessions/terminal' } as const;
  const lines = ['Demo logins (send the site as the x-site-id header or ?site_id=):'];
  for (const site of DEMO_SITES) {
    lines.push(`  site ${site.siteId} (${site.hosts.join(', ')}):`);
    for (const login of seeded.logins.filter((l) => l.siteId === site.siteId)) {
      lines.push(`    ${login.role.padEnd(10)} ${login.userName.padEnd(12)} ${login.password.padEnd(9)} ${doors[login.door]}`);
    }
  }
  return lines;
}
