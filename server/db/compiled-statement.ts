import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './connection';

const dialect = new PgDialect();

/**
 * A statement whose SQL text is built once, at load, with `sql.placeholder(name)` for its values.
 * Drizzle builds a query's text again on every call; on the long-poll and the session lookup, which
 * every held poll runs each time its hold ends, that building (and its garbage) was a quarter of
 * the main thread's CPU (bench:longpoll). Runs on `db` or a transaction; answers the rows.
 */
export function compiledStatement<Values extends Record<string, unknown>, Row>(statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: Database, values: Values): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
