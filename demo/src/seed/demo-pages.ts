import { contentDecider, type ContentCommand, type ContentEvent, type ContentState, contentStream, type Decider, type StaticPage } from '@kupon/domain';
import { type MoneyServices, systemMeta } from '@kupon/api/money';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoBanners, demoBonusOffers } from './demo-offers';
import { DEMO_SITES } from './index';

/**
 * The info and support pages of the demo brands' footer (spec §2 `/page/{id}`: 7 about, 8 privacy,
 * 9 terms, 10 responsible gaming, 6 FAQ, 5 betting dictionary; on the brand whose money goes through
 * its live chat also 15 AML and 8 KYC, README "Footer and contact sidebar"). That footer links page 8
 * as both privacy and KYC, so on that brand page 8 is one page covering both.
 *
 * The texts are content files, not code: `demo/content/pages/<slug>.<lang>.md`, listed in order in
 * `index.json`. Each file is a `title:` (and a `title.moneyByLiveChat:` where that brand's differs)
 * between `---` lines, then the body. `{{name}}` is the brand's name; lines between
 * `{{#moneyByLiveChat}}` and `{{/moneyByLiveChat}}` are only on the live-chat brand, between
 * `{{^moneyByLiveChat}}` and `{{/moneyByLiveChat}}` only on the others.
 *
 * Bodies are plain text: the player site shows a page's body as text with its line breaks, never as
 * HTML or markdown; lists are lines starting with "- ".
 */

/** What a page says depends on the brand: its name, and whether deposits and withdrawals go through its live chat. */
export interface DemoBrand {
  readonly name: string;
  readonly moneyByLiveChat: boolean;
}

const PAGES_DIR = fileURLToPath(new URL('../../content/pages/', import.meta.url));
const LANGS = ['tr', 'en'] as const;

interface PageEntry {
  readonly id: string;
  readonly slug: string;
  /** Only on a brand with this switch on. */
  readonly only?: 'moneyByLiveChat';
}

interface PageFile {
  readonly titles: Readonly<Record<string, string>>;
  readonly lines: readonly string[];
}

/** Reads one page file: its titles (front matter) and body lines, as written. */
function readPage(slug: string, lang: string): PageFile {
  const text = readFileSync(join(PAGES_DIR, `${slug}.${lang}.md`), 'utf8');
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  if (front === undefined || body === undefined) throw new Error(`${slug}.${lang}.md: no front matter`);
  const titles = Object.fromEntries(front.split('\n').map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]));
  return { titles, lines: body.replace(/\n$/, '').split('\n') };
}

/** The body for `brand`: its sections kept or dropped, its name filled in. */
function render(lines: readonly string[], brand: DemoBrand): string {
  const kept: string[] = [];
  let inside: boolean | null = null;
  for (const line of lines) {
    if (line === '{{#moneyByLiveChat}}' || line === '{{^moneyByLiveChat}}') inside = line.startsWith('{{#') === brand.moneyByLiveChat;
    else if (line === '{{/moneyByLiveChat}}') inside = null;
    else if (inside !== false) kept.push(line.replaceAll('{{name}}', brand.name));
  }
  return kept.join('\n');
}

/** The demo pages of one brand, by the footer's page ids: the compliance page only where the footer links it. */
export function demoPages(brand: DemoBrand): readonly StaticPage[] {
  const entries = JSON.parse(readFileSync(join(PAGES_DIR, 'index.json'), 'utf8')) as readonly PageEntry[];
  return entries
    .filter((entry) => entry.only === undefined || brand[entry.only])
    .map((entry) => {
      const [tr, en] = LANGS.map((lang) => readPage(entry.slug, lang)) as [PageFile, PageFile];
      const title = (file: PageFile) => (brand.moneyByLiveChat ? (file.titles['title.moneyByLiveChat'] ?? file.titles.title) : file.titles.title) ?? '';
      const titles = { tr: title(tr), en: title(en) };
      const bodies = { tr: render(tr.lines, brand), en: render(en.lines, brand) };
      return { id: entry.id, titles, bodies, published: true };
    });
}

type SeededItem = { readonly id: string };
/** What the seed writes: pages, home banners and bonus offers, saved as the back office saves them. */
type SeedCommand = Extract<ContentCommand, { type: 'SavePage' | 'SaveBanner' | 'SaveBonusOffer' }>;

interface SeedState {
  readonly content: ContentState;
  /** `<kind>:<id>` of every item the site has ever had, removed or not. */
  readonly ever: ReadonlySet<string>;
}

const ADDED: Partial<Record<ContentEvent['type'], SeedCommand['type']>> = { PageAdded: 'SavePage', BannerAdded: 'SaveBanner', BonusOfferAdded: 'SaveBonusOffer' };

/**
 * The content decider, adding an item only where the site never had one by that id: an item an
 * operator has changed or removed since is never touched or brought back. Decided on the stream's
 * state like any save, so a second api process seeding at the same moment adds nothing twice.
 */
const addIfNeverThere: Decider<SeedState, SeedCommand, ContentEvent> = {
  initialState: { content: contentDecider.initialState, ever: new Set() },
  evolve: (state, event) => {
    const kind = ADDED[event.type];
    const content = contentDecider.evolve(state.content, event);
    if (!kind) return { content, ever: state.ever };
    const ever = new Set(state.ever);
    ever.add(`${kind}:${(event.data as { item: SeededItem }).item.id}`);
    return { content, ever };
  },
  decide: (command, state, context) => (state.ever.has(`${command.type}:${command.item.id}`) ? [] : contentDecider.decide(command, state.content, context)),
};

/**
 * Writes the demo brands' info pages, home banners and welcome bonus (`npm start`, after `seedDemo`)
 * as the back office saves them: `SavePage`, `SaveBanner`, `SaveBonusOffer` on the brand's content
 * stream, by `system`. An item the site ever had is left as it is or stays removed, so a restart
 * records nothing and an operator's removal holds. Returns how many items it added.
 */
export async function seedDemoContent(services: Pick<MoneyServices, 'commands' | 'clock'>): Promise<number> {
  let added = 0;
  for (const site of DEMO_SITES) {
    const items: SeedCommand[] = [];
    const at = services.clock();
    const base = { siteId: site.siteId, byUserId: 'system', now: at.toISOString() };
    for (const item of demoPages({ name: site.name, moneyByLiveChat: site.settings.moneyByLiveChat ?? false })) items.push({ type: 'SavePage', ...base, item });
    for (const item of demoBanners(site.siteId)) items.push({ type: 'SaveBanner', ...base, item });
    for (const item of demoBonusOffers()) items.push({ type: 'SaveBonusOffer', ...base, item });
    for (const command of items) {
      const outcome = await services.commands.run(contentStream(site.siteId), addIfNeverThere, command, systemMeta(at));
      if (!outcome.ok) throw new Error(`seed ${command.type} ${command.item.id} of ${site.siteId}: ${outcome.error.code}`);
      added += outcome.events.length;
    }
  }
  return added;
}
