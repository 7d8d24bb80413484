import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

// Column types whose JSON value is what Drizzle maps the column to (numbers, strings, parsed jsonb, null).
// Timestamps are not: JSON prints them in another format than the column's text.
const SAME_IN_JSON = new Set(['PgInteger', 'PgSerial', 'PgSmallInt', 'PgText', 'PgJsonb', 'PgBigInt53', 'PgDoublePrecision', 'PgBoolean']);

/**
 * `json_build_object('id', alias.id, 'shopId', alias.shop_id, …)` of `columns` (a table's, or some of them):
 * a row (or, with json_agg, a list of rows) as Drizzle would map it, in a column of a statement that reads
 * something else beside it. Refuses, at load, a column whose JSON value Drizzle would map differently.
 */
export function jsonRowOf(columns: Record<string, PgColumn>, alias: string): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => {
    if (!SAME_IN_JSON.has(column.columnType)) throw new Error(`jsonRowOf: ${column.name} (${column.columnType}) is not the same in JSON`);
    // Keys are the schema's own property names, written as literals.
    return sql`${sql.raw(`'${key}'`)}, ${sql.identifier(alias)}.${sql.identifier(column.name)}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** Every column of `table` (see jsonRowOf). */
export const jsonTableRowOf = (table: PgTable, alias: string) => jsonRowOf(getTableColumns(table), alias);
