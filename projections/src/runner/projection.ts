import type { RecordedEvent } from '@kupon/eventstore';
import {
  type CheckConstraintNode,
  type CreateIndexNode,
  type ForeignKeyConstraintNode,
  IdentifierNode,
  type Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimaryKeyConstraintNode,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type SchemableIdentifierNode,
  type Transaction,
  type UniqueConstraintNode,
  type UnknownRow,
} from 'kysely';

/**
 * A read model: the events it handles and what each does to its tables (ARCHITECTURE.md, "Read side").
 *
 * `DB` is the kysely Database interface of its tables under their plain names, the names readers
 * query. Each build of a projection stores them as `<table>_v<version>` (a replay adds `_r<n>`) and a
 * view under the plain name points at the live build; the runner rewrites every table name in the
 * queries `createTables` and `apply` make, so a projection is written against the plain names only.
 */
export interface Projection<DB = any> {
  /** kebab-case, unique in the registry: `event-log`. */
  readonly name: string;
  /** Bump it when the tables or what apply does to them change: the new version rebuilds from position 0. */
  readonly version: number;
  /** The event types it applies; 'all' for every event (an index of the whole log). */
  readonly handles: readonly string[] | 'all';
  /** Its tables, by plain name. */
  readonly tables: readonly (keyof DB & string)[];
  /** Creates its empty tables (and the indexes applying needs, named `<table>_…`). */
  createTables(tx: Transaction<DB>): Promise<void>;
  /**
   * Optional: the indexes only readers use (applying never looks through them), named `<table>_…`,
   * each one `create index if not exists` statement on `db`. A build that serves from its first event
   * gets them with its tables; a build filled behind a serving one gets them once it has caught up,
   * over its filled tables, built side by side on separate connections before the transaction that
   * swaps it in (which makes any still missing), instead of keeping them up row by row while it
   * replays the log.
   */
  indexes?(db: Kysely<DB>): readonly IndexStatement[];
  /** What one event does to the tables; runs inside the batch's transaction, never commits itself. */
  apply(tx: Transaction<DB>, event: RecordedEvent): Promise<void>;
  /**
   * Optional: what a whole batch does, in log order, in the batch's transaction (then `apply` is not
   * called). For read models that fold a batch in memory and write it in a few set-based statements.
   * `carry` holds what the projection kept from the previous batch of the same worker and build.
   */
  applyBatch?(tx: Transaction<DB>, events: readonly RecordedEvent[], carry: BatchCarry): Promise<void>;
  /**
   * Optional, with applyBatch: a batch folded in memory before its transaction, so the runner can fold
   * the next batch while the database writes this one. It may not use the database: when it would
   * have to (rows it does not carry), it returns null having changed nothing, and the runner applies
   * that batch with applyBatch once the batch before it has committed. It folds into `carry` as
   * applyBatch would; the runner empties the carry if the batch then does not commit.
   *
   * What it returns is the batch's writes, each a data-modifying statement (an insert, update or
   * delete, on the projection's tables by their plain names) that changes rows only where
   * `checkpointMoved` holds. The runner sends them as one statement whose first part moves the
   * checkpoint, so the batch is one round trip to the database, atomic as any statement is: the rows
   * and the checkpoint commit together, and when the checkpoint had moved under the worker (another
   * runner wrote the batch) nothing is written.
   */
  prepareBatch?(events: readonly RecordedEvent[], carry: BatchCarry, checkpointMoved: RawBuilder<boolean>): PreparedBatch | null;
}

/** One `create index` statement, bound to the connection or transaction it was made on. */
export interface IndexStatement {
  execute(): Promise<unknown>;
}

/** What a projection's prepareBatch made of a batch: its writes, each guarded by `checkpointMoved`. */
export interface PreparedBatch {
  readonly writes: readonly RawBuilder<unknown>[];
}

/**
 * What a projection may keep from one batch to the next: rows it read or wrote, exactly as its
 * tables hold them once the batch has committed, so the next batch need not read them again. The
 * worker empties it whenever the tables may have changed behind it: another build attached, a batch
 * rolled back, or another worker's batch committed in between (its checkpoint moved under this one).
 * What it holds is the projection's to bound.
 */
export type BatchCarry = Map<string, unknown>;

const PROJECTION_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const TABLE_NAME = /^[a-z][a-z0-9_]{0,39}$/;

export function assertValidProjection(projection: Projection): void {
  if (!PROJECTION_NAME.test(projection.name)) throw new RangeError(`projection name must be kebab-case: ${projection.name}`);
  if (!Number.isInteger(projection.version) || projection.version < 1) throw new RangeError(`${projection.name}: version must be a positive integer`);
  if (projection.tables.length === 0) throw new RangeError(`${projection.name}: a projection owns at least one table`);
  for (const table of projection.tables) {
    if (!TABLE_NAME.test(table)) throw new RangeError(`${projection.name}: table name must be snake_case, at most 40 characters: ${table}`);
  }
  if (projection.handles !== 'all' && projection.handles.length === 0) throw new RangeError(`${projection.name}: handles no event type`);
}

/** Where one build keeps a table: `coupons_v3`, or `coupons_v3_r2` for the second replay of version 3. */
export function storedTableName(table: string, version: number, build: number): string {
  return build === 0 ? `${table}_v${version}` : `${table}_v${version}_r${build}`;
}

/** Points a projection's queries at one build's tables. */
export class BuildTablesPlugin implements KyselyPlugin {
  private readonly transformer: RenameTables;

  constructor(tables: readonly string[], version: number, build: number) {
    this.transformer = new RenameTables(new Map(tables.map((table) => [table, storedTableName(table, version, build)])));
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class RenameTables extends OperationNodeTransformer {
  /** Longest plain name first, so an index of `bet_slips` is not taken for one of `bet`. */
  private readonly byLength: [string, string][];

  constructor(private readonly names: ReadonlyMap<string, string>) {
    super();
    this.byLength = [...names].sort(([a], [b]) => b.length - a.length);
  }

  // Tables and table-qualified column references both name their table through this node.
  protected override transformSchemableIdentifier(node: SchemableIdentifierNode): SchemableIdentifierNode {
    const stored = node.schema ? undefined : this.names.get(node.identifier.name);
    return stored ? { ...node, identifier: IdentifierNode.create(stored) } : super.transformSchemableIdentifier(node);
  }

  // Index and constraint names share the schema's namespace with every other build's (a named primary
  // key or unique constraint is an index too), so they move with their table.
  protected override transformCreateIndex(node: CreateIndexNode): CreateIndexNode {
    const transformed = super.transformCreateIndex(node);
    return { ...transformed, name: this.moved(node.name) };
  }

  protected override transformPrimaryKeyConstraint(node: PrimaryKeyConstraintNode): PrimaryKeyConstraintNode {
    return this.withMovedName(super.transformPrimaryKeyConstraint(node));
  }

  protected override transformUniqueConstraint(node: UniqueConstraintNode): UniqueConstraintNode {
    return this.withMovedName(super.transformUniqueConstraint(node));
  }

  protected override transformForeignKeyConstraint(node: ForeignKeyConstraintNode): ForeignKeyConstraintNode {
    return this.withMovedName(super.transformForeignKeyConstraint(node));
  }

  protected override transformCheckConstraint(node: CheckConstraintNode): CheckConstraintNode {
    return this.withMovedName(super.transformCheckConstraint(node));
  }

  private withMovedName<T extends { readonly name?: IdentifierNode }>(node: T): T {
    return node.name ? { ...node, name: this.moved(node.name) } : node;
  }

  /** `<table>_…` becomes `<stored table>_…`; any other name stays. */
  private moved(name: IdentifierNode): IdentifierNode {
    for (const [plain, stored] of this.byLength) {
      if (name.name.startsWith(`${plain}_`)) return IdentifierNode.create(stored + name.name.slice(plain.length));
    }
    return name;
  }
}
