import { type Position, START } from '@kupon/eventstore';
import { type ExpressionBuilder, type Generated, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { BuildTablesPlugin, type Projection, storedTableName } from './projection';

/** The runner's own bookkeeping table (migration 2026-11-22T00-00-projection-checkpoints). */
export interface CheckpointDatabase {
  projection_checkpoints: {
    projection: string;
    version: number;
    build: number;
    status: BuildStatus;
    commit_position: string;
    prepare_position: string;
    events_applied: string;
    /** Plain names; a build stores each as storedTableName(table, version, build). */
    tables: string[];
    last_error: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

export type BuildStatus = 'building' | 'live';

/** One build of one version of a projection: its tables and its checkpoint. */
export interface Build {
  readonly projection: string;
  readonly version: number;
  readonly build: number;
  readonly status: BuildStatus;
  readonly checkpoint: Position;
  readonly eventsApplied: number;
  readonly tables: readonly string[];
  readonly lastError: string | null;
}

/** A higher version of the projection is live: this code is older than the data and must not write. */
export class ProjectionSuperseded extends Error {
  override readonly name = 'ProjectionSuperseded';
  constructor(
    readonly projection: string,
    readonly version: number,
    readonly liveVersion: number,
  ) {
    super(`${projection} v${version} is superseded: v${liveVersion} is live`);
  }
}

type Db = Kysely<CheckpointDatabase>;
type Tx = Transaction<CheckpointDatabase>;

/**
 * The build a runner of `projection` writes to: the live build of its version, else one of its
 * version still building (a rebuild interrupted by a restart resumes), else a new one. A new build
 * is live at once when nothing else is, so a first deploy serves its tables while they fill.
 */
export async function attachBuild(db: Db, projection: Projection): Promise<Build> {
  return db.transaction().execute(async (tx) => {
    const builds = await lockBuilds(tx, projection.name);
    const live = builds.find((b) => b.status === 'live');
    if (live && live.version > projection.version) throw new ProjectionSuperseded(projection.name, projection.version, live.version);
    if (live?.version === projection.version) return live;
    const resumable = builds.filter((b) => b.version === projection.version).at(-1);
    return resumable ?? createBuild(tx, projection, builds, live ? 'building' : 'live');
  });
}

/** A fresh build of `projection` from position 0, next to whatever serves now (npm run replay). */
export async function startRebuild(db: Db, projection: Projection): Promise<Build> {
  return db.transaction().execute(async (tx) => {
    const builds = await lockBuilds(tx, projection.name);
    const live = builds.find((b) => b.status === 'live');
    if (live && live.version > projection.version) throw new ProjectionSuperseded(projection.name, projection.version, live.version);
    return createBuild(tx, projection, builds, live ? 'building' : 'live');
  });
}

async function createBuild(tx: Tx, projection: Projection, builds: readonly Build[], status: BuildStatus): Promise<Build> {
  const sameVersion = builds.filter((b) => b.version === projection.version);
  const build: Build = {
    projection: projection.name,
    version: projection.version,
    build: sameVersion.length === 0 ? 0 : Math.max(...sameVersion.map((b) => b.build)) + 1,
    status,
    checkpoint: START,
    eventsApplied: 0,
    tables: [...projection.tables],
    lastError: null,
  };
  // Tables whose build row was removed by hand would otherwise block the name.
  await dropTables(tx, build);
  await projection.createTables(tx.withPlugin(buildTables(build)) as Transaction<any>);
  if (status === 'live') await createIndexes(tx, build, projection);
  await tx
    .insertInto('projection_checkpoints')
    .values({
      projection: build.projection,
      version: build.version,
      build: build.build,
      status,
      commit_position: START.commit.toString(),
      prepare_position: START.prepare.toString(),
      events_applied: '0',
      tables: [...build.tables],
      last_error: null,
    })
    .execute();
  if (status === 'live') await pointViews(tx, [], build);
  return build;
}

/**
 * Makes `build` the one readers see, in one transaction: the plain-named views move to its tables,
 * every older build of the projection (the one serving until now, abandoned rebuilds) is dropped.
 * Returns false when the build is gone (a newer one swapped in first).
 */
export async function swapIn(db: Db, build: Build, projection: Pick<Projection, 'indexes'>): Promise<boolean> {
  await prepareSwap(db, build, projection);
  return db.transaction().execute(async (tx) => {
    const builds = await lockBuilds(tx, build.projection);
    const current = builds.find((b) => sameBuild(b, build));
    if (!current) return false;
    if (current.status === 'live') return true;
    const live = builds.find((b) => b.status === 'live');
    if (live && isNewer(live, build)) throw new ProjectionSuperseded(build.projection, build.version, live.version);
    // Over the filled tables before readers see them (prepareSwap built them; what it could not, is
    // built here); the lock keeps a second runner of the build from racing it.
    await createIndexes(tx, build, projection);
    const older = builds.filter((b) => isNewer(build, b));
    await pointViews(tx, older, build);
    for (const old of older) {
      await dropTables(tx, old);
      await tx.deleteFrom('projection_checkpoints').where(isBuild(old)).execute();
    }
    await tx.updateTable('projection_checkpoints').set({ status: 'live', updated_at: sql<Date>`now()` }).where(isBuild(build)).execute();
    return true;
  });
}

/** Connections a swap builds a projection's reader indexes on, side by side. */
const SWAP_CONNECTIONS = 3;

/**
 * A caught-up build's reader indexes and table statistics, made before the transaction that swaps it
 * in: each index its own statement on its own connection, up to SWAP_CONNECTIONS at once (several
 * may build on one table together), then each table analyzed. Only to have them ready: whatever fails
 * here (another runner building the same index, the build dropped meanwhile, a duplicate under a
 * unique index) is left to the swap's transaction, which builds what is missing under its lock and
 * fails as it should.
 */
async function prepareSwap(db: Db, build: Build, projection: Pick<Projection, 'indexes'>): Promise<void> {
  const tables = db.withPlugin(buildTables(build)) as Kysely<any>;
  const jobs = [
    ...(projection.indexes?.(tables) ?? []).map((index) => () => index.execute()),
    ...build.tables.map((table) => () => sql`analyze ${sql.table(storedTableName(table, build.version, build.build))}`.execute(db)),
  ];
  let next = 0;
  const connection = async () => {
    while (next < jobs.length) await jobs[next++]!().catch(() => undefined);
  };
  await Promise.all(Array.from({ length: SWAP_CONNECTIONS }, connection));
}

async function createIndexes(tx: Tx, build: Build, projection: Pick<Projection, 'indexes'>): Promise<void> {
  for (const index of projection.indexes?.(tx.withPlugin(buildTables(build)) as Kysely<any>) ?? []) await index.execute();
}

/**
 * Moves the checkpoint from `from` to `to` inside the batch's transaction. False when the stored
 * checkpoint is not `from` (another runner moved it) or the build is gone: the caller rolls back.
 */
export async function advanceCheckpoint(tx: Tx, build: Build, from: Position, to: Position, applied: number): Promise<boolean> {
  const moved = await checkpointMove(tx, build, from, to, applied).execute();
  return moved.length === 1;
}

/**
 * The update that moves a build's checkpoint from `from` to `to`, returning one row when it moved and
 * none when the stored checkpoint is not `from` or the build is gone; for a batch's transaction, or as
 * the first part of a batch written as one statement (the worker's folded-ahead batches).
 */
export function checkpointMove(db: Db, build: BuildKey, from: Position, to: Position, applied: number) {
  return db
    .updateTable('projection_checkpoints')
    .set({
      commit_position: to.commit.toString(),
      prepare_position: to.prepare.toString(),
      events_applied: sql<string>`events_applied + ${applied}`,
      last_error: null,
      updated_at: sql<Date>`now()`,
    })
    .where(isBuild(build))
    .where('commit_position', '=', from.commit.toString())
    .where('prepare_position', '=', from.prepare.toString())
    .returning(sql<boolean>`true`.as('moved'));
}

export async function recordFailure(db: Db, build: Build, message: string): Promise<void> {
  await db.updateTable('projection_checkpoints').set({ last_error: message, updated_at: sql<Date>`now()` }).where(isBuild(build)).execute();
}

export async function readBuild(db: Db, key: BuildKey): Promise<Build | null> {
  const row = await db.selectFrom('projection_checkpoints').selectAll().where(isBuild(key)).executeTakeFirst();
  return row ? toBuild(row) : null;
}

export function buildTables(build: Pick<Build, 'tables' | 'version' | 'build'>): BuildTablesPlugin {
  return new BuildTablesPlugin(build.tables, build.version, build.build);
}

/** Serialises every change of a projection's builds across processes, then reads them in order. */
async function lockBuilds(tx: Tx, projection: string): Promise<Build[]> {
  await sql`select pg_advisory_xact_lock(hashtext(${`projection:${projection}`}))`.execute(tx);
  const rows = await tx
    .selectFrom('projection_checkpoints')
    .selectAll()
    .where('projection', '=', projection)
    .orderBy('version')
    .orderBy('build')
    .forUpdate()
    .execute();
  return rows.map(toBuild);
}

async function pointViews(tx: Tx, previous: readonly Build[], next: Build): Promise<void> {
  const plainNames = new Set([...previous.flatMap((b) => b.tables), ...next.tables]);
  for (const table of plainNames) await sql`drop view if exists ${sql.table(table)}`.execute(tx);
  for (const table of next.tables) {
    await sql`create view ${sql.table(table)} as select * from ${sql.table(storedTableName(table, next.version, next.build))}`.execute(tx);
  }
}

async function dropTables(tx: Tx, build: Build): Promise<void> {
  for (const table of build.tables) await sql`drop table if exists ${sql.table(storedTableName(table, build.version, build.build))}`.execute(tx);
}

type BuildKey = Pick<Build, 'projection' | 'version' | 'build'>;

function isBuild(key: BuildKey) {
  return (eb: ExpressionBuilder<CheckpointDatabase, 'projection_checkpoints'>) =>
    eb.and([eb('projection', '=', key.projection), eb('version', '=', key.version), eb('build', '=', key.build)]);
}

function sameBuild(a: BuildKey, b: BuildKey): boolean {
  return a.projection === b.projection && a.version === b.version && a.build === b.build;
}

/** Builds are ordered by version, then build number. */
function isNewer(a: Pick<Build, 'version' | 'build'>, b: Pick<Build, 'version' | 'build'>): boolean {
  return a.version !== b.version ? a.version > b.version : a.build > b.build;
}

function toBuild(row: Selectable<CheckpointDatabase['projection_checkpoints']>): Build {
  return {
    projection: row.projection,
    version: row.version,
    build: row.build,
    status: row.status,
    checkpoint: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
    eventsApplied: Number(row.events_applied),
    tables: row.tables,
    lastError: row.last_error,
  };
}
