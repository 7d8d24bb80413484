import { createHash } from 'node:crypto';
import * as drizzle from 'drizzle-orm';
import { Column, getTableColumns, is, Placeholder, SQL, sql, Subquery, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './connection';

const dialect = new PgDialect();

/**
 * The statement's name on PostgreSQL, from its text (one text, one name, in any module instance): each pooled
 * connection parses and plans it once, then only binds it. Parsing and planning every statement again was
 * more than half of PostgreSQL's CPU per cart add (bench:api:pg). PGlite's driver ignores the name.
 */
const nameOf = (text: string) => `c_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * A statement whose SQL text is built once, at load, with `sql.placeholder(name)` for its values.
 * Drizzle builds a query's text again on every call; on the long-poll and the session lookup, which
 * every held poll runs each time its hold ends, that building (and its garbage) was a quarter of
 * the main thread's CPU (bench:longpoll). Runs on `db` or a transaction; answers the rows.
 */
export function compiledStatement<Values extends Record<string, unknown>, Row>(statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const name = nameOf(query.sql);
  return async (db: Database, values: Values): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/** The fields a selection's rows are mapped by, in Drizzle's order (a table stands for its columns under its key, an object nests). */
const orderSelectedFields = (drizzle as unknown as { orderSelectedFields: (fields: Record<string, unknown>) => { path: string[]; field: unknown }[] })
  .orderSelectedFields;

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** An SQL's decoder: in Drizzle's JavaScript, not its types. */
const sqlDecoder = (statement: unknown): Decoder => (statement as { decoder: Decoder }).decoder;
/** How Drizzle decodes a selected field's value (drizzle-orm 0.45's mapResultRow), found once per field. */
const decoderOf = (field: unknown): Decoder =>
  is(field, Column) ? field : is(field, SQL) ? sqlDecoder(field) : is(field, Subquery) ? sqlDecoder(field._.sql) : sqlDecoder((field as SQL.Aliased).sql);

/**
 * Rows read as arrays, mapped as Drizzle's mapResultRow maps them (nested keys, each column's decoder, null kept),
 * with each field's decoder and path found once, at load. Drizzle finds them again for every field of every row,
 * through iterators and destructuring: 3 % of the server's CPU in a checkout (its cpuprofile), and garbage.
 */
export function rowMapper<Row>(fields: { path: string[]; field: unknown }[]): (rows: unknown[][]) => Row[] {
  const columns = fields.map(({ path, field }) => ({ parents: path.slice(0, -1), key: path[path.length - 1], decoder: decoderOf(field) }));
  const mapRow = (row: unknown[]): Row => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const { parents, key, decoder } = columns[i];
      let node = result;
      for (const parent of parents) node = (node[parent] ??= {}) as Record<string, unknown>;
      const value = row[i];
      node[key] = value === null ? null : decoder.mapFromDriverValue(value);
    }
    return result as Row;
  };
  return (rows) => rows.map(mapRow);
}

/** What compiledSelect reads of a select builder: in Drizzle's JavaScript (its `config` is internal in the types). */
type SelectConfig = { fields: Record<string, unknown>; joins?: { joinType: string }[] };

/**
 * A select built once, at load (`new QueryBuilder().select(…)` with `sql.placeholder(name)` for its values), run on `db` or
 * a transaction and answered as Drizzle maps its rows (camelCase keys, nested selections, column types): from the
 * fields Drizzle maps by (a join of `select()` nests each table under its name). For the statements of the cart and
 * checkout, which run inside a transaction, so a statement prepared on the pool cannot serve. An outer join is refused
 * at load: its absent side would not be turned into null.
 */
export function compiledSelect<Values extends Record<string, unknown>, Row>(select: { getSQL(): SQL }) {
  const { fields, joins = [] } = (select as unknown as { config: SelectConfig }).config;
  const outer = joins.find(({ joinType }) => joinType !== 'inner' && joinType !== 'cross');
  if (outer) throw new Error(`compiledSelect maps no ${outer.joinType} join: its absent side would not be null (use Drizzle's own select)`);
  return compiledRows<Values, Row>(select.getSQL(), fields);
}

/**
 * A statement written in SQL (a data-modifying CTE, say) whose columns are those of `selection` in its order, a
 * table standing for all its columns (tableColumnsOf), answered as compiledSelect answers.
 */
export function compiledRows<Values extends Record<string, unknown>, Row>(statement: SQL, selection: Record<string, unknown>) {
  const query = dialect.sqlToQuery(statement);
  const mapRows = rowMapper<Row>(orderSelectedFields(selection));
  const name = nameOf(query.sql);
  const run = async (db: Database, values: Values): Promise<Row[]> => {
    // Read as arrays (no fields given with a mapper of its own), mapped by rowMapper.
    const prepared = db._.session.prepareQuery(query, undefined, name, true, mapRows as never);
    return (await prepared.execute(values)) as Row[];
  };
  // Its text and its parameters in $n order: tests read the plan PostgreSQL keeps for it (EXPLAIN EXECUTE).
  const paramsOf = (values: Values): unknown[] => query.params.map((param) => (is(param, Placeholder) ? values[param.name as keyof Values] : param));
  return Object.assign(run, { text: query.sql, paramsOf });
}

/** `alias.col1, alias.col2, …`: every column of `table` in the order compiledRows maps them. */
export const tableColumnsOf = (table: Table, alias: string): SQL =>
  sql.join(
    Object.values(getTableColumns(table)).map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`),
    sql`, `,
  );
