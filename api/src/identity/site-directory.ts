import { type Permission, type Role, roleEpochOf, rolePermissionsOf, siteDecider, type SiteCommand, type SiteEvent, type SiteSettings, siteStream, SITE_ID } from '@kupon/domain';
import { type CommandMeta, type Outcome, StreamCommands } from '@kupon/commands';
import type { EventStore, SqlPool } from '@kupon/eventstore';

export interface SiteView {
  readonly siteId: string;
  readonly name: string;
  readonly hosts: readonly string[];
  readonly settings: SiteSettings;
  /** Bumped by every settings change: clients keep their copy while it holds (§7 settings cache). */
  readonly settingsVersion: number;
  /** The permission set accounts of a role work within on this site (§6 editable role permissions). */
  rolePermissions(role: Role): readonly Permission[];
  /** Bumped by each edit of the role's set: sessions begun in an older epoch are over. */
  roleEpoch(role: Role): number;
}

/**
 * Finds the site (brand) a request is for. By id it folds the `site-<id>` stream (one small read per
 * call from the revision it already holds), so a site opened a moment ago is found at once by every
 * api process; by host it asks the `sites` read model.
 */
export class SiteDirectory {
  private readonly commands: StreamCommands;

  constructor(
    store: EventStore,
    private readonly pool: SqlPool,
  ) {
    this.commands = new StreamCommands(store);
  }

  /** Runs one command on the `site-<id>` stream; `byId` sees its outcome at once (same folded state). */
  run(siteId: string, command: SiteCommand, meta: CommandMeta): Promise<Outcome<SiteEvent>> {
    return this.commands.run(siteStream(siteId), siteDecider, command, meta, undefined);
  }

  async byId(siteId: string): Promise<SiteView | null> {
    if (!SITE_ID.test(siteId)) return null;
    const { state } = await this.commands.load(siteStream(siteId), siteDecider);
    if (state.status !== 'open') return null;
    return {
      siteId: state.siteId,
      name: state.name,
      hosts: state.hosts,
      settings: state.settings,
      settingsVersion: state.settingsVersion,
      rolePermissions: (role) => rolePermissionsOf(state, role),
      roleEpoch: (role) => roleEpochOf(state, role),
    };
  }

  /** `m.` + a site's host (§1's mobile host) belongs to that site too. */
  async byHost(host: string): Promise<SiteView | null> {
    const name = host.toLowerCase();
    const candidates = name.startsWith('m.') ? [name, name.slice(2)] : [name];
    for (const candidate of candidates) {
      const found = await this.pool
        .query<{ site_id: string }>('select site_id from sites where $1 = any(hosts) limit 1', [candidate])
        .catch(() => ({ rows: [] as { site_id: string }[] }));
      const siteId = found.rows[0]?.site_id;
      if (siteId) return this.byId(siteId);
    }
    return null;
  }
}
