import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { connect, type Database } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { rowsOf } from '../../repositories/rows-of';

/** The tables of `public` with the tables they reference (a table referencing itself excluded). */
async function tablesOf(db: Database): Promise<Map<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`),
  );
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`),
  );
  const graph = new Map(tables.map(({ name }) => [name, [] as string[]]));
  for (const { child, parent } of references) graph.get(child)?.push(parent);
  return graph;
}

/** Every table after the tables it references. */
function dependencyOrder(graph: Map<string, string[]>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string) => {
    if (seen.has(table)) return;
    seen.add(table);
    for (const parent of graph.get(table) ?? []) visit(parent);
    order.push(table);
  };
  for (const table of [...graph.keys()].sort()) visit(table);
  return order;
}

/**
 * Moves an embedded database's backup into an empty PostgreSQL database: the backup is loaded into an in-memory PGlite
 * and both are migrated to this version's schema, then every table of `public` is copied in foreign-key order (as
 * JSON, one statement a table, so a row referencing another of its own table finds it), with the target's triggers
 * off (they would log the copied rows again), and every sequence is set to the source's value.
 */
export async function moveToPostgres(file: string, databaseUrl: string): Promise<void> {
  const source = await connect({ url: null, dataDir: null, loadDataDir: readFileSync(file) });
  const target = await connect({ url: databaseUrl, dataDir: null });
  try {
    await migrate(source);
    await migrate(target);
    const order = dependencyOrder(await tablesOf(source.db));
    await target.db.transaction(async (tx) => {
      for (const table of order) {
        const columns = rowsOf<{ name: string }>(
          await source.db.execute(sql`
            select a.attname as name from pg_attribute a where a.attrelid = format('public.%I', ${table}::text)::regclass
            and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`),
        ).map(({ name }) => sql.identifier(name));
        const list = sql.join(columns, sql`, `);
        const [{ rows }] = rowsOf<{ rows: string }>(
          await source.db.execute(sql`select coalesce(json_agg(t), '[]')::text as rows from (select ${list} from ${sql.identifier(table)}) t`),
        );
        await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
        await tx.execute(sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${rows}::json)`);
        await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
      }
      const sequences = rowsOf<{ name: string; value: string | null }>(
        await source.db.execute(sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`),
      );
      for (const { name, value } of sequences) {
        if (value !== null) await tx.execute(sql`select setval(format('public.%I', ${name}::text)::regclass, ${value}::bigint, true)`);
      }
    });
  } finally {
    await source.close();
    await target.close();
  }
}
