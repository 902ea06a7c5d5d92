import {
  ColumnDefinitionNode,
  CreateTableNode,
  DataTypeNode,
  GeneratedNode,
  OperationNodeTransformer,
  PostgresAdapter,
  RawNode,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Every place where SQLite (the embedded default) and PostgreSQL (a team server, issue 14) need
 * different SQL. The rest of the engine writes one query for both, in Kysely's builder; a query
 * that needs a function the two spell differently takes its fragment from here.
 *
 * The stored shapes stay the SQLite ones on both: booleans are 0/1 integers, JSON is text,
 * datetimes are ISO strings (compared as text), ids are integers. On PostgreSQL every `integer`
 * column is a `bigint` (SQLite's integers are 64-bit) read back as a JS number (connection.ts).
 */

export type DialectName = 'sqlite' | 'postgres';

/** A Kysely of any schema: the engine's `Kysely<Database>` and the migrations' `Kysely<any>`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own idiom for "any schema"
export type AnyKysely = Kysely<any>;

export function dialectOf(db: AnyKysely): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: AnyKysely): boolean => dialectOf(db) === 'postgres';

/** The SQL fragments of one dialect. */
export interface SqlFlavour {
  /** How many rows of the group satisfy `condition` (a boolean expression). */
  countWhere(condition: RawBuilder<unknown>): RawBuilder<number>;
  /** `key → value` over the group, as JSON text; keys are written as text. */
  jsonObjectAgg(key: RawBuilder<unknown>, value: RawBuilder<unknown>): RawBuilder<string>;
  /** A JSON object from `name, value` pairs, in that order. */
  jsonObject(pairs: [string, RawBuilder<unknown>][]): RawBuilder<string>;
  /** JSON `true`/`false` of a boolean expression. */
  jsonBool(condition: RawBuilder<unknown>): RawBuilder<unknown>;
  /** The JSON array stored in a text column, or `[]` when it holds anything else. */
  jsonArrayOrEmpty(column: string): RawBuilder<unknown>;
  /** The JSON array of `value` over the group, in `orderBy` order, `[]` when no row passes `filter`. */
  jsonArrayAgg(
    value: RawBuilder<unknown>,
    options?: { orderBy?: RawBuilder<unknown>; filter?: RawBuilder<unknown> },
  ): RawBuilder<string>;
  /** A subquery of the integers of a JSON array text (one bound parameter for any count). */
  integersOfJson(json: string): RawBuilder<unknown>;
  /** `insert … select …` that skips rows whose unique key exists. */
  insertIgnoring(table: string, columns: string[], select: RawBuilder<unknown>): RawBuilder<unknown>;
  /** A constant condition (SQLite takes 1/0, PostgreSQL wants a boolean). */
  truth(value: boolean): RawBuilder<unknown>;
  /**
   * An integer bound as a parameter where nothing tells PostgreSQL its type (a `select` list of
   * an `insert … select`): cast there, as it is on SQLite.
   */
  int(value: number): RawBuilder<number>;
  /**
   * A column kept out of index choice (SQLite's unary `+`). PostgreSQL's planner needs no such
   * hint (and has no unary plus for text), so there it is the column itself.
   */
  noIndex(column: string): RawBuilder<unknown>;
  /**
   * `value` equals one of a few row values (a join on either of two columns). PostgreSQL plans
   * `in (a, b)` as two index scans OR'ed into a bitmap, then reads the table; `= any(array[…])`
   * is one index(-only) scan.
   */
  equalsAnyOf(value: RawBuilder<unknown>, items: RawBuilder<unknown>[]): RawBuilder<unknown>;
}

const columns = (names: string[]) => sql.join(names.map((n) => sql.ref(n)));

const sqlite: SqlFlavour = {
  countWhere: (condition) => sql<number>`sum(${condition})`,
  jsonObjectAgg: (key, value) => sql<string>`json_group_object(${key}, ${value})`,
  jsonObject: (pairs) =>
    sql<string>`json_object(${sql.join(pairs.map(([name, value]) => sql`${sql.lit(name)}, ${value}`))})`,
  jsonBool: (condition) => sql`json(iif(${condition}, 'true', 'false'))`,
  jsonArrayOrEmpty: (column) =>
    sql.raw(
      `case when json_valid(${column}) and json_type(${column}) = 'array' then json(${column}) else '[]' end`,
    ),
  jsonArrayAgg: (value, options = {}) =>
    sql<string>`json_group_array(${value}${options.orderBy ? sql` order by ${options.orderBy}` : sql``})${
      options.filter ? sql` filter (where ${options.filter})` : sql``
    }`,
  integersOfJson: (json) => sql`select value from json_each(${json})`,
  insertIgnoring: (table, names, select) =>
    sql`insert or ignore into ${sql.table(table)} (${columns(names)}) ${select}`,
  noIndex: (column) => sql`+${sql.ref(column)}`,
  int: (value) => sql<number>`${value}`,
  truth: (value) => (value ? sql`1` : sql`0`),
  equalsAnyOf: (value, items) => sql`${value} in (${sql.join(items)})`,
};

const postgres: SqlFlavour = {
  countWhere: (condition) => sql<number>`count(*) filter (where ${condition})`,
  jsonObjectAgg: (key, value) => sql<string>`json_object_agg(${key}, ${value})::text`,
  jsonObject: (pairs) =>
    sql<string>`json_build_object(${sql.join(pairs.map(([name, value]) => sql`${sql.lit(name)}::text, ${value}`))})`,
  jsonBool: (condition) => sql`(${condition})`,
  // The list columns are written by the engine (JSON.stringify of an array or null), so the first
  // character tells an array; PostgreSQL 15 has no `IS JSON` to test text without an error.
  jsonArrayOrEmpty: (column) =>
    sql.raw(`case when left(ltrim(${column}), 1) = '[' then ${column}::json else '[]'::json end`),
  jsonArrayAgg: (value, options = {}) =>
    sql<string>`coalesce(json_agg(${value}${options.orderBy ? sql` order by ${options.orderBy}` : sql``})${
      options.filter ? sql` filter (where ${options.filter})` : sql``
    }, '[]'::json)::text`,
  integersOfJson: (json) => sql`select value::bigint from json_array_elements_text(${json}::json)`,
  insertIgnoring: (table, names, select) =>
    sql`insert into ${sql.table(table)} (${columns(names)}) ${select} on conflict do nothing`,
  noIndex: (column) => sql.ref(column),
  int: (value) => sql<number>`${value}::bigint`,
  truth: (value) => (value ? sql`true` : sql`false`),
  equalsAnyOf: (value, items) => sql`${value} = any(array[${sql.join(items)}])`,
};

/**
 * After rows were inserted with explicit ids (the local owner is user 1): PostgreSQL's identity
 * sequence does not see them, so it is moved past the highest id. SQLite needs nothing.
 */
export async function syncIdSequence(db: AnyKysely, table: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'),
    greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
}

/**
 * Runs `work` while no other process on the same database runs work of the same `name`. On
 * PostgreSQL (several app servers) it holds a transaction-scoped advisory lock meanwhile: start-up
 * (the local owner, the catalogue), the schedule ticker and the resumption of orphan runs each
 * happen once, not once per server. SQLite serves one host: `work` just runs.
 */
export async function exclusively<T>(db: AnyKysely, name: string, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
    return work();
  });
}

/** A write refused for a foreign key (SQLite's and PostgreSQL's error codes). */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
};

/** The fragments for the database `db` talks to. */
export function sqlFor(db: AnyKysely): SqlFlavour {
  return isPostgres(db) ? postgres : sqlite;
}

/**
 * The schema of the migrations, as PostgreSQL takes it: they are written once for SQLite's types
 * (`integer … autoincrement`, tables `without rowid`). This plugin rewrites only schema
 * statements: `integer` → `bigint`, `blob` → `bytea`, an auto-increment key → `bigint generated by default as
 * identity` (so is an `integer primary key`, SQLite's rowid), and drops SQLite's `without rowid` table option.
 */
export class PostgresSchemaPlugin implements KyselyPlugin {
  readonly #transformer = new SchemaTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    if (kind !== 'CreateTableNode' && kind !== 'AlterTableNode') return args.node;
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class SchemaTransformer extends OperationNodeTransformer {
  protected override transformCreateTable(node: CreateTableNode): CreateTableNode {
    const out = super.transformCreateTable(node);
    const endModifiers = out.endModifiers?.filter(
      (m) => !(RawNode.is(m) && m.sqlFragments.join('').trim().toLowerCase() === 'without rowid'),
    );
    return { ...out, endModifiers: endModifiers?.length ? endModifiers : undefined };
  }

  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const out = super.transformColumnDefinition(node);
    // SQLite numbers an `integer primary key` column (the rowid) with or without autoincrement.
    const rowid = out.primaryKey && DataTypeNode.is(node.dataType) && node.dataType.dataType === 'integer';
    if (!out.autoIncrement && !rowid) return out;
    return ColumnDefinitionNode.cloneWith(out, {
      autoIncrement: false,
      generated: GeneratedNode.create({ byDefault: true, identity: true }),
    });
  }

  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    const out = super.transformDataType(node);
    if (out.dataType === 'integer') return DataTypeNode.create('bigint');
    return out.dataType === 'blob' ? DataTypeNode.create('bytea') : out;
  }
}
