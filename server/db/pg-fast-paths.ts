import pg from 'pg';

/**
 * Two steps node-postgres 8.23 takes for every statement, done as cheaply as their callers need. Together they were
 * 9 % of the server's CPU in a checkout (bench:api:pg's, profiled), nearly Drizzle's share; a statement's CPU in
 * Node fell 15 % without them (one shop row selected by id through Drizzle, 10 at a time).
 *
 * - `utils.normalizeQueryConfig` copies the caller's config with every property descriptor and its prototype
 *   (`cloneQueryConfig`, so the caller's object is not mutated: pg #3720), a slow path of V8's. Query reads ten
 *   properties of the copy and drops it. Reading those ten into a plain object leaves the caller's config as
 *   untouched, getters and prototypes included. Upstream's own fix reads them the same way (pg #3743, approved,
 *   unreleased at 8.23.1); once pg ships it, Query stops calling this and `installPgFastPaths` says so.
 * - `Result.addFields` builds, for every result, an empty row object with one key per column for rows read as
 *   objects. Drizzle reads every row as an array (`rowMode: 'array'`), where that object is never used.
 *
 * Returns whether both were installed; false (and nothing changed) when this pg no longer has them as described.
 */
export function installPgFastPaths(): boolean {
  if (installed) return true;
  const { utils, Result, Query, types } = pgInternals;
  const result = Result.prototype;
  const queryUsesUtils = /utils\.normalizeQueryConfig\(/.test(String(Query));
  if (typeof utils?.normalizeQueryConfig !== 'function' || typeof result?.addFields !== 'function' || !queryUsesUtils) return false;
  const objectRows = result.addFields;
  utils.normalizeQueryConfig = normalizeQueryConfig;
  result.addFields = function (this: ResultInternals, fields: FieldDescription[]) {
    if (!this.rowAsArray) return objectRows.call(this, fields);
    this.fields = fields;
    const parsers = new Array<(value: never) => unknown>(fields.length);
    const parsersOf = this._types ?? types;
    for (let i = 0; i < fields.length; i++) parsers[i] = parsersOf.getTypeParser(fields[i].dataTypeID, fields[i].format || 'text');
    this._parsers = parsers;
  };
  installed = true;
  return true;
}

let installed = false;

type FieldDescription = { name?: string; dataTypeID: number; format?: string };
type TypeParsers = { getTypeParser: (oid: number, format: string) => (value: never) => unknown };
type ResultInternals = {
  rowAsArray: boolean;
  fields: FieldDescription[];
  _parsers: ((value: never) => unknown)[] | undefined;
  _types: TypeParsers | undefined;
  addFields: (this: ResultInternals, fields: FieldDescription[]) => void;
  parseRow: (values: (string | null)[]) => unknown;
};
type QueryConfig = Record<string, unknown>;
type NormalizeQueryConfig = (config: string | QueryConfig, values?: unknown, callback?: unknown) => QueryConfig;

/** What this file reads of pg beyond its published types (pg 8.23: lib/utils.js, lib/result.js, lib/query.js). */
export const pgInternals = pg as unknown as {
  utils: { normalizeQueryConfig: NormalizeQueryConfig };
  Result: { new (rowMode?: 'array', types?: TypeParsers): ResultInternals; prototype: ResultInternals };
  Query: unknown;
  types: TypeParsers;
};

/** pg 8.23's normalizeQueryConfig without the copy: the properties Query reads, read through getters and prototypes. */
const normalizeQueryConfig: NormalizeQueryConfig = (config, values, callback) => {
  const normalized: QueryConfig =
    typeof config === 'string'
      ? { text: config }
      : {
          text: config.text,
          values: config.values,
          rows: config.rows,
          types: config.types,
          name: config.name,
          queryMode: config.queryMode,
          binary: config.binary,
          portal: config.portal,
          callback: config.callback,
          rowMode: config.rowMode,
        };
  if (values) {
    if (typeof values === 'function') normalized.callback = values;
    else normalized.values = values;
  }
  if (callback) normalized.callback = callback;
  return normalized;
};
