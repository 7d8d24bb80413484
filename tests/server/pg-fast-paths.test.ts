import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { installPgFastPaths, pgInternals } from '../../server/db/pg-fast-paths';

const url = process.env.TEST_DATABASE_URL;
const { utils, Result, Query } = pgInternals;
const normalize = (config: string | object, values?: unknown, callback?: unknown) => utils.normalizeQueryConfig(config as never, values, callback);
const INT4 = 23;
const TEXT = 25;

describe('node-postgres fast paths (db/pg-fast-paths.ts)', () => {
  beforeAll(() => {
    installPgFastPaths();
  });

  // False means this pg no longer takes these steps as pg-fast-paths.ts describes: read its comment, then remove it.
  it('installs on the pg this server depends on, and Query calls what it installed', () => {
    expect(installPgFastPaths()).toBe(true);
    expect(String(Query)).toContain('utils.normalizeQueryConfig(');
    expect(String(utils.normalizeQueryConfig)).not.toContain('cloneQueryConfig');
  });

  it("leaves the caller's config as it was, so one config can serve statement after statement", () => {
    const config = { name: 'probe', text: 'select $1', rowMode: 'array' };
    const callback = () => undefined;
    const first = normalize(config, [1], callback);
    const second = normalize(config, [2]);
    expect(config).toEqual({ name: 'probe', text: 'select $1', rowMode: 'array' });
    expect(first).toMatchObject({ name: 'probe', text: 'select $1', rowMode: 'array', values: [1], callback });
    expect(second).toMatchObject({ values: [2], callback: undefined });
    expect(normalize('select 1')).toEqual({ text: 'select 1' });
    expect(normalize('select 1', callback).callback).toBe(callback);
  });

  it("reads a config's properties through its getters and its prototype", () => {
    class Statement {
      get text() {
        return 'select 2';
      }
    }
    const config = Object.assign(new Statement(), { values: [5] });
    expect(normalize(config)).toMatchObject({ text: 'select 2', values: [5] });
  });

  it('parses rows read as arrays and rows read as objects as before', () => {
    const fields = [
      { name: 'id', dataTypeID: INT4, format: 'text' },
      { name: 'label', dataTypeID: TEXT, format: 'text' },
    ];
    const arrays = new Result('array');
    arrays.addFields(fields);
    expect(arrays.fields).toBe(fields);
    expect(arrays.parseRow(['7', null])).toEqual([7, null]);
    const objects = new Result();
    objects.addFields(fields);
    expect(objects.parseRow(['7', 'x'])).toEqual({ id: 7, label: 'x' });
    // A result's second row description (several statements in one text) replaces the first's parsers.
    arrays.addFields([{ name: 'label', dataTypeID: TEXT, format: 'text' }]);
    expect(arrays.parseRow(['7'])).toEqual(['7']);
  });

  it('keeps custom type parsers (Drizzle passes its own, dates as text)', () => {
    const types = { getTypeParser: (oid: number) => (oid === INT4 ? (value: string) => `int:${value}` : (value: string) => value) };
    const result = new Result('array', types);
    result.addFields([{ name: 'id', dataTypeID: INT4, format: 'text' }]);
    expect(result.parseRow(['3'])).toEqual(['int:3']);
  });

  describe.skipIf(!url)('on PostgreSQL', () => {
    let pool: pg.Pool;
    beforeAll(() => {
      pool = new pg.Pool({ connectionString: url, max: 2 });
    });
    afterAll(() => pool.end());

    it('runs one named config again and again, as arrays, with the values of each call', async () => {
      const config = { name: 'pg_fast_paths_probe', text: 'select $1::int as id, $2::text as label', rowMode: 'array' as const };
      const runs = await Promise.all([1, 2, 3, 4].map((id) => pool.query(config, [id, id % 2 ? null : `n${id}`])));
      expect(runs.map((run) => run.rows[0])).toEqual([
        [1, null],
        [2, 'n2'],
        [3, null],
        [4, 'n4'],
      ]);
      expect(config).toEqual({ name: 'pg_fast_paths_probe', text: 'select $1::int as id, $2::text as label', rowMode: 'array' });
      const objects = await pool.query('select $1::int as id', [9]);
      expect(objects.rows).toEqual([{ id: 9 }]);
    });
  });
});
